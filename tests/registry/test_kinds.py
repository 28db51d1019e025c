"""The kit's own kinds (kit.kinds): each named after its save format, kept in its campaign
collection, and answering the verbs issue #33 lists for it (a job, a board, a battle and a
journey answer odds, simulate and luck; the games with decisions take advice); no hook is a
string."""

from __future__ import annotations

import json

import pytest

import kit
from kit import registry
from kit.boards import StandardBoard
from kit.campaign import Campaign
from kit.errors import InvalidInput
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.fleets import Fleet


def test_every_kind_the_kit_registers_resolves_and_its_hooks_import():
    for kind in registry.kinds():
        assert isinstance(kind.cls, type)
        assert registry.by_name(kind.path) is kind, kind.cls
        for verb in registry.VERBS:
            value = getattr(kind, verb)
            assert value is None or callable(value), (kind.name, verb)


BOARDS = {"board/standard", "board/preparation", "board/limit", "board/contest", "board/chase"}


def names(verb) -> set[str]:
    return {k.name for k in registry.answering(verb)}


def test_the_games_answer_odds_simulate_and_luck_and_those_with_decisions_advice():
    games = {"regulus-job", "successors-battle", "journey"} | BOARDS
    assert names("odds") == names("simulate") == names("luck") == games
    assert (
        names("advise") == {"regulus-job", "successors-battle"} | BOARDS
    )  # a journey asks nothing
    assert names("recap") == games


def test_tuning_and_house_rules_take_what_they_set_up_or_compare():
    assert names("tune") == {
        "regulus-job",
        "regulus-job-type",
        "board/standard",
        "board/limit",
        "successors-battle",
        "successors-side",
    }
    assert names("impact") == {
        "regulus-job",
        "board/standard",
        "board/limit",
        "successors-battle",
        "regulus-rules",
        "board-rules",
        "combat-rules",
    }


def test_what_the_players_may_see_has_a_handout_and_a_projection():
    shown = {"regulus-job", "successors-entity", "successors-fleet", "star-system", "sector"}
    assert names("handout") == shown
    assert names("project") == shown | {"campaign"}


def test_each_kind_is_named_after_its_save_format():
    fleet = Fleet(Entity("Vorn", battle=3, control=2), budget=40)
    fleet.buy("CRUISER", 1)
    saved = [
        Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1),
        StandardBoard([6, 5, 7], goal=2),
        Entity("Vorn", battle=3),
        fleet,
        Battle([Side("A", ships={"Cruiser": 1}), Side("B", ships={"Frigate": 1})], seed=1),
        Campaign("Reach"),
    ]
    for obj in saved:
        kind = registry.kind_of(obj)
        assert json.loads(obj.to_json())["format"] == f"gm-kit/{kind.name}", kind.name


def test_each_kept_kind_belongs_to_the_campaign_collection_of_its_name():
    by_collection = {c: {k.name for k in ks} for c, ks in registry.collections().items()}
    assert by_collection["jobs"] == {"regulus-job"}
    assert by_collection["boards"] == BOARDS
    assert by_collection["journeys"] == {"journey"}
    assert registry.by_name("campaign").collection is None  # a campaign is not kept in one


def test_board_odds_before_the_deal_need_deal_true():
    board = StandardBoard([6, 5, 7], goal=2)
    with pytest.raises(
        InvalidInput, match=r"order='best' is for the odds before the deal \(deal=True\)"
    ):
        kit.odds(board, order="best")
