import ImagePipeline

extension SiteSettings {
    enum ImageKeys: String, CodingKey {
        case widths, quality, formats
        case fallbackWidth = "fallback_width"
    }

    /// `images: {widths, quality, formats, fallback_width}`; missing keys keep the defaults, a bad value
    /// is an error that names the key.
    static func decodeImages(_ container: KeyedDecodingContainer<CodingKeys>) throws -> ImageSettings {
        var settings = ImageSettings.defaults
        guard container.contains(.images) else { return settings }
        let images = try container.nestedContainer(keyedBy: ImageKeys.self, forKey: .images)
        settings.widths = try images.decodeIfPresent([Int].self, forKey: .widths) ?? settings.widths
        settings.quality = try images.decodeIfPresent(Int.self, forKey: .quality) ?? settings.quality
        settings.fallbackWidth = try images.decodeIfPresent(Int.self, forKey: .fallbackWidth) ?? settings.fallbackWidth
        if let names = try images.decodeIfPresent([String].self, forKey: .formats) {
            settings.formats = try names.map { name in
                guard let format = ImageSettings.Format(rawValue: name.lowercased() == "jpg" ? "jpeg" : name.lowercased()) else {
                    throw DecodingError.dataCorruptedError(forKey: .formats, in: images,
                                                           debugDescription: "images.formats: '\(name)' is not one of webp, jpeg, png")
                }
                return format
            }
        }
        if let problem = settings.problem {
            throw DecodingError.dataCorruptedError(forKey: .images, in: container, debugDescription: problem)
        }
        return settings
    }
}
