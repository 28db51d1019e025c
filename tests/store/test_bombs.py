"""Small hostile files: each under 1 MB, each loads or is refused within 2 s and 200 MB.

Issue #11. Before: a 116 KB fleet file of 1,000 buy events of 10,000 ships each took 61 s and
1.9 GB to load; a 20 MB list of zeros took 11-19 s and 850 MB before being refused. Budgets
(kit.limits) are now checked before anything is built.

Each bomb is loaded in a fresh Python process whose address space is capped (RLIMIT_AS, set
after the imports to what they use plus 200 MB) and which is killed after a timeout, so a
regression fails this test instead of freezing the machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from kit import limits

SECONDS = 2.0
EXTRA_MB = 200

RUNNER = textwrap.dedent(
    """
    import importlib, json, resource, sys, time
    module, name = sys.argv[1].split(":")
    cls = getattr(importlib.import_module(module), name)
    import kit.campaign, kit.errors  # noqa: F401  (imported before the cap)
    text = sys.stdin.buffer.read()
    size = 0
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            size = int(line.split()[1]) * 1024
    cap = size + {extra} * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    t0 = time.process_time()  # CPU time: a busy machine must not fail a bound on work
    try:
        cls.from_json(text)
        outcome = "loaded"
    except kit.errors.KitError as exc:
        outcome = "refused: " + type(exc).__name__
    print(json.dumps([outcome, time.process_time() - t0]))
    """
).format(extra=EXTRA_MB)


def run_loader(cls_path: str, text: str) -> tuple[str, float]:
    data = text.encode("utf-8")
    assert len(data) < 1024 * 1024, f"the bomb is {len(data)} bytes, not a small file"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, cls_path],
        input=data,
        capture_output=True,
        timeout=SECONDS + 20,
        env=env,  # + the imports; the load itself is timed inside
    )
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    outcome, seconds = json.loads(proc.stdout.decode().splitlines()[-1])
    return outcome, float(seconds)


def envelope(kind: str, data: object) -> str:
    return json.dumps({"format": f"gm-kit/{kind}", "version": 1, "data": data})


def fleet_bomb(events: int, count: int) -> str:
    owner = {"name": "TanRac", "battle": 4, "control": 4}
    buys = [
        {"kind": "buy", "action": i, "data": {"item": {"type": "GUNBOAT"}, "count": count}}
        for i in range(events)
    ]
    return envelope("successors-fleet", {"owner": owner, "budget": None, "events": buys})


def nested(depth: int) -> str:
    return envelope("campaign", {"name": "x", "notes": "[" * depth + "]" * depth})


BOMBS = {
    # the case: 1,000 purchases of 10,000 ships
    "fleet 1000 x 10000 ships": ("kit.successors.fleets:Fleet", fleet_bomb(1000, 10_000)),
    # within the per-buy budget, over the fleet budget after a few purchases
    "fleet 1000 x 1000 ships": ("kit.successors.fleets:Fleet", fleet_bomb(1000, 1000)),
    # the same inside a campaign
    "campaign with fleet bomb": (
        "kit.campaign:Campaign",
        envelope(
            "campaign",
            {
                "name": "c",
                "collections": {
                    "fleets": {
                        "f": {
                            "type": "kit.successors.fleets:Fleet",
                            "data": json.loads(fleet_bomb(500, 10_000)),
                        }
                    }
                },
            },
        ),
    ),
    # the biggest fleet the budget allows must still load in time
    "fleet at the budget": (
        "kit.successors.fleets:Fleet",
        fleet_bomb(
            limits.MAX_SHIPS_PER_FLEET // limits.MAX_SHIPS_PER_BUY, limits.MAX_SHIPS_PER_BUY
        ),
    ),
    # many tiny values
    "list of zeros": (
        "kit.campaign:Campaign",
        '{"format": "gm-kit/campaign", "version": 1, "data": [' + "0," * 500_000 + "0]}",
    ),
    "list of empty lists": ("kit.campaign:Campaign", "[" + "[]," * 300_000 + "[]]"),
    "deep nesting": ("kit.campaign:Campaign", "[" * 500_000),
    "long digit string": (
        "kit.campaign:Campaign",
        envelope("campaign", {"name": 1}).replace("1}", "1" * 900_000 + "}"),
    ),
    "many events": (
        "kit.successors.fleets:Fleet",
        envelope(
            "successors-fleet",
            {
                "owner": None,
                "budget": None,
                "events": [{"kind": "budget", "action": 0, "data": {"amount": 1}}] * 14_000,
            },
        ),
    ),
    "many sessions": (
        "kit.campaign:Campaign",
        envelope("campaign", {"name": "c", "sessions": [{"title": "s"}] * 60_000}),
    ),
    "many duplicate keys": ("kit.campaign:Campaign", "{" + '"a":0,' * 150_000 + '"a":0}'),
    "battle of 20,000 drones": ("kit.successors.combat.battle:Battle", None),
}


def _battle_bomb() -> str:
    from kit.successors.examples import example_one

    doc = json.loads(example_one(seed=1).to_json())
    doc["data"]["sides"][1]["ships"] = [{"id": i + 1, "type": "DRONE"} for i in range(20_000)]
    return json.dumps(doc, separators=(",", ":"))


BOMBS["battle of 20,000 drones"] = ("kit.successors.combat.battle:Battle", _battle_bomb())


@pytest.mark.parametrize("name", list(BOMBS))
def test_small_hostile_files_are_cheap(name):
    cls_path, text = BOMBS[name]
    outcome, seconds = run_loader(cls_path, text)
    assert outcome.startswith(("loaded", "refused")), outcome
    assert seconds < SECONDS, f"{name}: {seconds:.2f} s"
    if name == "fleet at the budget":
        assert outcome == "loaded"


def test_the_fleet_bomb_is_refused_for_its_size():
    _, text = BOMBS["fleet 1000 x 10000 ships"]
    outcome, _ = run_loader("kit.successors.fleets:Fleet", text)
    assert outcome == "refused: InvalidInput"
    assert limits.MAX_SHIPS_PER_BUY < 10_000
