"""The session logs of Docs/Fleet.md's worked example, shared by
Scripts/fleet-example (DuckDB) and Scripts/fleet-spark (Spark): LOGS logs in
folders by day, each a session that opens the checkout and, more often on
build 4.2.0, drags it away. `write` returns what the answer must be."""
import json, os, random

# How often each build's users drag the checkout away: 4.2.0 has the bug.
BUILDS = {"4.1.3": 0.04, "4.2.0": 0.31, "4.2.1": 0.06}

# The question, in SQL on the table `t` as `modal-log timeline --recursive
# --json` writes it: the same text for DuckDB and for Spark.
QUERY = """
    WITH sessions AS (SELECT log, session, info.build AS build FROM t WHERE type = 'session.start'),
         drags AS (SELECT log, session FROM t
                   WHERE type = 'drag.end' AND link = 'checkout' AND phaseAfter = 'dismissing')
    SELECT build, count(drags.log) AS dragged, count(*) AS sessions,
           round(100.0 * count(drags.log) / count(*), 1) AS percent
    FROM sessions LEFT JOIN drags ON sessions.log = drags.log AND sessions.session = drags.session
    GROUP BY build ORDER BY percent DESC
"""


def write(folder, logs, seed=7):
    """Writes `logs` session logs under `folder`; returns {build: [dragged, sessions]}."""
    random.seed(seed)
    truth = {build: [0, 0] for build in BUILDS}
    for index in range(logs):
        build = random.choice(sorted(BUILDS))
        events = [
            {"type": "session.start", "info": {"build": build, "device": random.choice(["phone", "tablet"])}},
            {"type": "root.register", "root": "sheets"},
            {"type": "modal.present", "root": "sheets", "link": "checkout", "content": "CartCard",
             "snapPoints": [0.5, 1]},
            {"type": "modal.presented", "root": "sheets", "link": "checkout"},
        ]
        truth[build][1] += 1
        if random.random() < BUILDS[build]:
            truth[build][0] += 1
            events += [
                {"type": "drag.change", "root": "sheets", "link": "checkout", "position": -0.4, "source": "user"},
                {"type": "drag.end", "root": "sheets", "link": "checkout", "velocity": -3, "source": "user"},
                {"type": "modal.dismissed", "root": "sheets", "link": "checkout", "source": "system"},
            ]
        else:
            events.append({"type": "modal.dismiss", "root": "sheets", "link": "checkout", "reason": "completed"})
        day = os.path.join(folder, f"day-{index % 7 + 1}")
        os.makedirs(day, exist_ok=True)
        with open(os.path.join(day, f"session-{index:05}.jsonl"), "w") as file:
            file.write(json.dumps({"format": "modal-events", "version": 2}) + "\n")
            for seq, event in enumerate(events, start=1):
                file.write(json.dumps({"seq": seq, "time": seq * 0.5, **event}) + "\n")
    return truth


def answer(rows):
    """Rows of (build, dragged, sessions, percent) as {build: [dragged, sessions]}."""
    return {build: [dragged, sessions] for build, dragged, sessions, _ in rows}


def print_answer(rows):
    print("build  dragged  sessions  percent")
    for build, dragged, sessions, percent in rows:
        print(f"{build:<6} {dragged:>7} {sessions:>9} {percent:>8}")
