/// The settings of the FSRS-6 scheduler.
public struct FSRSParameters: Sendable, Equatable, Codable {
    /// The 21 model weights w[0]…w[20].
    public var weights: [Double]
    /// The probability of recall a card is scheduled for.
    public var desiredRetention: Double
    /// Steps (seconds) a new card goes through before it is scheduled in days.
    public var learningSteps: [Double]
    /// Steps (seconds) a forgotten card goes through before it is scheduled in days again.
    public var relearningSteps: [Double]
    /// The longest interval, in days.
    public var maximumInterval: Int

    /// The FSRS-6 default weights, as published by the reference implementation (py-fsrs 6.3.1,
    /// `DEFAULT_PARAMETERS`).
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The reference defaults: retention 0.9, learning steps 1 min and 10 min, relearning step
    /// 10 min, intervals up to 36,500 days, no fuzz.
    public static let standard = FSRSParameters(
        weights: defaultWeights, desiredRetention: 0.9, learningSteps: [60, 600], relearningSteps: [600], maximumInterval: 36_500)

    /// Creates parameters; `weights` must hold 21 values.
    public init(weights: [Double], desiredRetention: Double, learningSteps: [Double], relearningSteps: [Double], maximumInterval: Int) {
        self.weights = weights.count == 21 ? weights : Self.defaultWeights
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
    }
}
