/// A photo or audio recording attached to an incident.
public struct Attachment: Sendable, Equatable {
    /// The file name as recorded (shown, never opened).
    public var file: String
    /// A caption, when given.
    public var caption: String?
    /// The length of a recording in seconds, when known.
    public var durationSeconds: Double?
    /// Whether the recording is marked for deletion.
    public var isMarkedForDeletion: Bool
    /// The photo as a `data:` URI, when it was read from a vjot folder and is small enough to embed.
    public var embeddedImage: String?
    /// When it was taken or recorded, when known.
    public var time: Timestamp?
    /// Why a photo is not shown (missing, not an image, too large), when it is not.
    public var problem: String?

    /// Creates an attachment.
    public init(file: String, caption: String? = nil, durationSeconds: Double? = nil, isMarkedForDeletion: Bool = false) {
        self.file = file
        self.caption = caption
        self.durationSeconds = durationSeconds
        self.isMarkedForDeletion = isMarkedForDeletion
    }
}
