/// One optotype shown and the answer given.
public struct AcuityTrial: Sendable, Equatable {
    /// What was shown: a letter, or an orientation such as `up` or `down-left`.
    public var shown: String
    /// What was answered, or `nil` when no answer was given.
    public var response: String?
    /// Whether the answer counted as correct (in the app's CSV, its `Is_Correct`).
    public var isCorrect: Bool
    /// How long the answer took, in milliseconds, when recorded.
    public var responseTimeMS: Double?
    /// The trial's number as recorded, when there is one.
    public var trialNumber: Int?
    /// When the optotype was shown, when recorded.
    public var timestamp: Timestamp?

    /// Creates a trial.
    public init(shown: String, response: String?, isCorrect: Bool, responseTimeMS: Double? = nil,
                trialNumber: Int? = nil, timestamp: Timestamp? = nil) {
        self.shown = shown
        self.response = response
        self.isCorrect = isCorrect
        self.responseTimeMS = responseTimeMS
        self.trialNumber = trialNumber
        self.timestamp = timestamp
    }
}
