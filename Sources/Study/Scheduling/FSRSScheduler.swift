import Foundation

/// The FSRS-6 scheduler (Free Spaced Repetition Scheduler, open-spaced-repetition), without
/// interval fuzz so schedules are reproducible. It follows the reference implementation py-fsrs
/// 6.3.1 formula for formula; `Tests/StudyTests` and `tests/js` check both this and the browser's
/// copy (`Templates/assets/study.js`) against the same vectors.
public struct FSRSScheduler: Sendable {
    /// The settings.
    public let parameters: FSRSParameters
    private let decay: Double
    private let factor: Double

    /// The smallest stability.
    public static let minimumStability = 0.001

    /// Creates a scheduler.
    public init(parameters: FSRSParameters = .standard) {
        self.parameters = parameters
        decay = -parameters.weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    private var w: [Double] { parameters.weights }

    /// The probability that `card` is recalled at `date` (0 for a card never reviewed).
    public func retrievability(of card: FSRSCard, at date: Date) -> Double {
        guard let last = card.lastReview, let stability = card.stability else { return 0 }
        let elapsed = max(0, Self.wholeDays(from: last, to: date))
        return pow(1 + factor * Double(elapsed) / stability, decay)
    }

    /// The card after a review graded `grade` at `date`.
    public func review(_ card: FSRSCard, grade: FSRSGrade, at date: Date) -> FSRSCard {
        var card = card
        let elapsed = card.lastReview.map { Self.wholeDays(from: $0, to: date) }
        let interval: TimeInterval

        func updateMemory() {
            if let stability = card.stability, let difficulty = card.difficulty {
                if let elapsed, elapsed < 1 {
                    card.stability = shortTermStability(stability, grade)
                } else {
                    card.stability = nextStability(difficulty: difficulty, stability: stability,
                                                   retrievability: retrievability(of: card, at: date), grade: grade)
                }
                card.difficulty = nextDifficulty(difficulty, grade)
            } else {
                card.stability = initialStability(grade)
                card.difficulty = clampDifficulty(initialDifficulty(grade))
            }
        }

        switch card.state {
        case .learning, .relearning:
            updateMemory()
            let steps = card.state == .learning ? parameters.learningSteps : parameters.relearningSteps
            let step = card.step ?? 0
            if steps.isEmpty || (step >= steps.count && grade != .again) {
                interval = graduate(&card)
            } else {
                switch grade {
                case .again:
                    card.step = 0
                    interval = steps[0]
                case .hard:
                    if step == 0 && steps.count == 1 {
                        interval = steps[0] * 1.5
                    } else if step == 0 {
                        interval = (steps[0] + steps[1]) / 2
                    } else {
                        interval = steps[min(step, steps.count - 1)]
                    }
                case .good:
                    if step + 1 == steps.count {
                        interval = graduate(&card)
                    } else {
                        card.step = step + 1
                        interval = steps[min(step + 1, steps.count - 1)]
                    }
                case .easy:
                    interval = graduate(&card)
                }
            }
        case .review:
            updateMemory()
            if grade == .again && !parameters.relearningSteps.isEmpty {
                card.state = .relearning
                card.step = 0
                interval = parameters.relearningSteps[0]
            } else {
                interval = Double(nextInterval(card.stability ?? Self.minimumStability)) * 86_400
            }
        }
        card.due = date.addingTimeInterval(interval)
        card.lastReview = date
        return card
    }

    /// Replays `reviews` (sorted by time) from a new card.
    public func replay(_ grades: [(FSRSGrade, Date)]) -> FSRSCard {
        grades.reduce(FSRSCard()) { review($0, grade: $1.0, at: $1.1) }
    }

    /// The interval in whole days for `stability` at the desired retention.
    public func nextInterval(_ stability: Double) -> Int {
        let days = stability / factor * (pow(parameters.desiredRetention, 1 / decay) - 1)
        let rounded = Int(days.rounded(.toNearestOrEven))  // Python's round(): half to even
        return min(max(rounded, 1), parameters.maximumInterval)
    }

    private func graduate(_ card: inout FSRSCard) -> TimeInterval {
        card.state = .review
        card.step = nil
        return Double(nextInterval(card.stability ?? Self.minimumStability)) * 86_400
    }

    private func initialStability(_ grade: FSRSGrade) -> Double {
        max(w[grade.rawValue - 1], Self.minimumStability)
    }

    private func initialDifficulty(_ grade: FSRSGrade) -> Double {
        w[4] - exp(w[5] * Double(grade.rawValue - 1)) + 1
    }

    private func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

    private func shortTermStability(_ stability: Double, _ grade: FSRSGrade) -> Double {
        var increase = exp(w[17] * (Double(grade.rawValue) - 3 + w[18])) * pow(stability, -w[19])
        if grade == .good || grade == .easy { increase = max(increase, 1) }
        return max(stability * increase, Self.minimumStability)
    }

    private func nextDifficulty(_ difficulty: Double, _ grade: FSRSGrade) -> Double {
        let delta = -(w[6] * (Double(grade.rawValue) - 3))
        let damped = difficulty + (10 - difficulty) * delta / 9
        let reverted = w[7] * initialDifficulty(.easy) + (1 - w[7]) * damped
        return clampDifficulty(reverted)
    }

    private func nextStability(difficulty: Double, stability: Double, retrievability: Double, grade: FSRSGrade) -> Double {
        let next: Double
        if grade == .again {
            let longTerm = w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1) * exp((1 - retrievability) * w[14])
            let shortTerm = stability / exp(w[17] * w[18])
            next = min(longTerm, shortTerm)
        } else {
            let hardPenalty = grade == .hard ? w[15] : 1
            let easyBonus = grade == .easy ? w[16] : 1
            next = stability * (1 + exp(w[8]) * (11 - difficulty) * pow(stability, -w[9])
                * (exp((1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
        }
        return max(next, Self.minimumStability)
    }

    /// Whole days from `start` to `end`, rounded down like Python's `timedelta.days`.
    static func wholeDays(from start: Date, to end: Date) -> Int {
        Int((end.timeIntervalSince(start) / 86_400).rounded(.down))
    }
}
