"""Writes fsrs-vectors.json: FSRS-6 schedules computed by the reference implementation.

    pip install fsrs==6.3.1 && python3 tests/js/generate_fsrs_vectors.py

Both Loupe schedulers (Swift: Sources/Study/Scheduling, browser: Templates/assets/study.js) are
tested against this file (Tests/StudyTests/FSRSTests.swift, tests/js/fsrs.test.mjs). The first two
cases are py-fsrs's own published test cases (test_review_card, test_memo_state).
"""
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
from fsrs import Card, Rating, Scheduler

START = datetime(2022, 11, 29, 12, 30, 0, 0, timezone.utc)


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def run(name, grades, offsets=None, at_due=False, learning=(60, 600), relearning=(600,), published=None):
    scheduler = Scheduler(enable_fuzzing=False,
                          learning_steps=[timedelta(seconds=s) for s in learning],
                          relearning_steps=[timedelta(seconds=s) for s in relearning])
    card = Card()
    moment = START
    reviews, expected = [], []
    for i, grade in enumerate(grades):
        if at_due and i > 0:
            moment = card.due
        elif offsets is not None:
            moment = START + timedelta(seconds=offsets[i])
        card, _ = scheduler.review_card(card, Rating(grade), review_datetime=moment)
        reviews.append({"grade": grade, "at": iso(moment)})
        expected.append({
            "state": card.state.name.lower(), "step": card.step,
            "stability": round(card.stability, 10), "difficulty": round(card.difficulty, 10),
            "due": iso(card.due), "intervalDays": (card.due - card.last_review).days,
        })
    case = {"name": name, "learningSteps": list(learning), "relearningSteps": list(relearning),
            "reviews": reviews, "expected": expected}
    if published:
        case["published"] = published
    return case


def main():
    cases = [
        run("py-fsrs test_review_card", [3, 3, 3, 3, 3, 3, 1, 1, 3, 3, 3, 3, 3], at_due=True,
            published={"intervalDays": [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]}),
        run("py-fsrs test_memo_state", [1, 3, 3, 3, 3, 3],
            offsets=[d * 86400 for d in [0, 0, 1, 4, 12, 33]],
            published={"stability": 53.62691, "difficulty": 6.3574867}),
        run("Loupe: hard unsure easy within a session, then days later", [1, 2, 3, 3, 3, 2, 1, 3],
            offsets=[0, 45, 200, 900, 86400 * 2, 86400 * 9, 86400 * 30, 86400 * 30 + 700]),
        run("Loupe: easy every time at due", [3] * 8, at_due=True),
        run("Loupe: no learning steps", [2, 3, 1, 3, 3], offsets=[0, 86400, 86400 * 5, 86400 * 5 + 60, 86400 * 12],
            learning=(), relearning=()),
    ]
    rng = random.Random(7)
    for n in range(4):
        grades, offsets, t = [], [], 0
        for _ in range(12):
            grades.append(rng.choice([1, 2, 3]))
            offsets.append(t)
            t += rng.choice([30, 600, 3600, 86400, 86400 * 3, 86400 * 11, 86400 * 40])
        cases.append(run(f"random sequence {n + 1} (seed 7)", grades, offsets=offsets))
    out = {"generator": "py-fsrs " + fsrs.__version__ if hasattr(fsrs, "__version__") else "py-fsrs 6.3.1",
           "weights": list(fsrs.scheduler.DEFAULT_PARAMETERS), "desiredRetention": 0.9, "cases": cases}
    path = Path(__file__).with_name("fsrs-vectors.json")
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print("wrote", path, len(cases), "cases")


if __name__ == "__main__":
    main()
