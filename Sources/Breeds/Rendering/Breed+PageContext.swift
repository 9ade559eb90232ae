extension Breed {
    /// The context for `Templates/breed.md`.
    ///
    /// Keys holding user text (`name`, `description`…) are raw and must be rendered with `{{…}}`;
    /// keys ending in `HTML` are fragments this module escaped itself, for `{{{…}}}`. Optional parts come
    /// with a `has…` boolean and are absent when missing. See docs/breeds.md for the full list.
    ///
    /// - Parameters:
    ///   - root: the relative path from the page to the site root, `"../../"` for `breeds/<species>/x.html`.
    ///   - imageFile: the local photo's file name (see ``BreedImages/localFile(for:in:)``), copied to
    ///     `breeds/images/`; `nil` (or an unacceptable name) gives the placeholder drawing.
    ///   - picture: the photo's responsive markup from the site's image pipeline; when given it is
    ///     used instead of a plain `<img>` of `imageFile`.
    public func pageContext(root: String, imageFile: String?, picture: BreedPicture? = nil) -> [String: Any] {
        var context: [String: Any] = [
            "root": root,
            "id": id,
            "name": name,
            "slug": slug,
            "species": species.rawValue,
            "speciesLabel": species.label,
            "speciesPlural": species.pluralLabel,
            "pagePath": pagePath,
            "indexURL": root + BreedCatalog.indexPath,
        ]

        context["hasAltNames"] = !alternativeNames.isEmpty
        if !alternativeNames.isEmpty {
            context["altNames"] = alternativeNames
            context["altNamesText"] = alternativeNames.joined(separator: ", ")
        }
        setText(description, key: "description", hasKey: "hasDescription", in: &context)
        setText(history, key: "history", hasKey: "hasHistory", in: &context)
        setText(breedGroup, key: "group", hasKey: "hasGroup", in: &context)
        setText(bredFor, key: "bredFor", hasKey: "hasBredFor", in: &context)

        context["hasOrigin"] = !origins.isEmpty
        if !origins.isEmpty {
            context["origins"] = origins.map { origin -> [String: Any] in
                var entry: [String: Any] = ["text": origin.displayText]
                if let name = origin.name { entry["name"] = name }
                if let code = origin.code { entry["code"] = code }
                return entry
            }
            context["originText"] = origins.map(\.displayText).joined(separator: ", ")
        }

        context["hasTemperament"] = !temperament.isEmpty
        if !temperament.isEmpty {
            context["temperament"] = temperament
            context["temperamentText"] = temperament.joined(separator: ", ")
            context["temperamentHTML"] = temperamentHTML(root: root)
        }

        context["hasLifeSpan"] = lifeSpan != nil
        if let lifeSpan {
            context["lifeSpan"] = lifeSpan.formatted(unit: "years")
        }
        let measures = [weight, height].compactMap { $0 }
        context["hasMeasures"] = !measures.isEmpty
        if !measures.isEmpty {
            context["measures"] = measures.map { measure -> [String: Any] in
                ["label": measure.kind.label, "metric": measure.metricText, "imperial": measure.imperialText]
            }
        }

        context["hasTraits"] = !traits.isEmpty
        if !traits.isEmpty {
            let bars = traits.map { TraitBar(label: $0.trait.label, value: $0.value, maximum: BreedTrait.maximum) }
            context["traits"] = zip(traits, bars).map { score, bar -> [String: Any] in
                ["key": score.trait.rawValue, "label": score.trait.label, "value": score.value,
                 "maximum": BreedTrait.maximum, "barHTML": bar.svg]
            }
            context["traitsHTML"] = "<ul class=\"breed-traits\">" + bars.map { bar in
                "<li><span class=\"breed-trait-label\">\(HTMLEscaping.text(bar.label))</span> \(bar.svg) "
                    + "<span class=\"breed-trait-score\" aria-hidden=\"true\">\(bar.value)/\(bar.maximum)</span></li>"
            }.joined() + "</ul>"
        }

        context["hasFlags"] = !flags.isEmpty
        if !flags.isEmpty {
            context["flags"] = flags.map { value -> [String: Any] in
                ["key": value.flag.rawValue, "label": value.flag.label, "isSet": value.isSet,
                 "answer": value.isSet ? "yes" : "no"]
            }
        }

        context["hasSources"] = !sources.isEmpty
        if !sources.isEmpty {
            context["sources"] = sources.map { source -> [String: Any] in
                ["label": source.kind.label, "url": source.url]
            }
            context["sourcesHTML"] = "<ul class=\"breed-sources\">" + sources.map { source in
                "<li><a href=\"\(HTMLEscaping.attribute(source.url))\" rel=\"external noopener noreferrer\">"
                    + "\(HTMLEscaping.text(source.kind.label))</a></li>"
            }.joined() + "</ul>"
        }

        if let picture {
            context["hasImage"] = true
            context["imageURL"] = picture.url
            context["imageHTML"] = "<figure class=\"breed-photo\">" + picture.html + "</figure>"
        } else if let imageFile, BreedImages.isAcceptableFileName(imageFile) {
            let source = root + BreedImages.sitePath + imageFile
            context["hasImage"] = true
            context["imageURL"] = source
            context["imageHTML"] = "<figure class=\"breed-photo\"><img src=\"\(HTMLEscaping.attribute(source))\" "
                + "alt=\"\(HTMLEscaping.attribute(name))\" loading=\"lazy\" decoding=\"async\"></figure>"
        } else {
            context["hasImage"] = false
            context["imageHTML"] = BreedPlaceholder.figure(name: name)
        }
        return context
    }

    /// Temperament words as tags, each linking to the index filtered by that trait.
    private func temperamentHTML(root: String) -> String {
        "<ul class=\"breed-tags\">" + temperament.map { word in
            let href = root + BreedCatalog.indexPath + "?temperament=" + HTMLEscaping.queryValue(word)
            return "<li><a href=\"\(HTMLEscaping.attribute(href))\">\(HTMLEscaping.text(word))</a></li>"
        }.joined() + "</ul>"
    }

    private func setText(_ value: String?, key: String, hasKey: String, in context: inout [String: Any]) {
        context[hasKey] = value != nil
        if let value { context[key] = value }
    }
}
