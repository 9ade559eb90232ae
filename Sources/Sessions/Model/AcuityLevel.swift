/// One size tested: a chart row of `size` optotypes, or one of the acuity app's 10-trial levels.
public struct AcuityLevel: Sendable, Equatable {
    /// The level's logMAR (its nominal size at the chart's design distance).
    public var logMAR: Double
    /// The level as the source named it, e.g. `20/40`, when it did.
    public var label: String?
    /// The trials in the order they were shown.
    public var trials: [AcuityTrial]
    /// How many optotypes the level spans for scoring: 5 for a chart row, 10 for the app's levels.
    public var size: Int
    /// Whether the acuity app's early-stop rule applies: first 5 all correct counts as `size` of `size`.
    public var appliesEarlyStop: Bool

    /// Creates a level.
    public init(logMAR: Double, label: String? = nil, trials: [AcuityTrial], size: Int, appliesEarlyStop: Bool = false) {
        self.logMAR = logMAR
        self.label = label
        self.trials = trials
        self.size = size
        self.appliesEarlyStop = appliesEarlyStop
    }

    /// Optotypes answered correctly, as recorded.
    public var correctCount: Int { trials.filter(\.isCorrect).count }

    /// Whether the level was stopped early after its first 5 trials were all correct.
    public var isStoppedEarly: Bool {
        appliesEarlyStop && trials.count >= 5 && trials.prefix(5).allSatisfy(\.isCorrect) && size > 5
    }

    /// The correct answers scoring credits: `size` when stopped early, else those recorded (at most `size`).
    public var creditedCorrect: Int { isStoppedEarly ? size : min(correctCount, size) }

    /// Whether more than half the level was read (3 of 5, 6 of 10): the line-score pass rule.
    public var isPassed: Bool { creditedCorrect * 2 > size }
}
