/// The version of Loupe that generated a file, as printed in session PDF footers and metadata.
public enum LoupeVersion {
    /// The release number (semantic versioning).
    public static let number = "0.1.0"
    /// `Loupe 0.1.0`: the generator named in documents.
    public static let generator = "Loupe \(number)"
}
