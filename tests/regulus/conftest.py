import pytest

from kit.regulus import Job, Operative


@pytest.fixture
def crew():
    return [
        Operative("Vex", "Face", ["forged invitation", "silver tongue"]),
        Operative("Oro", "Hacker", ["cyberdeck", "backdoor"]),
        Operative("Brick", "Muscle", ["stun baton"]),
    ]


@pytest.fixture
def job(crew):
    return Job("heist", difficulty=4, clock=5, crew=crew, seed=7)
