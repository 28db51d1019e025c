"""The eight phases of a combat round, each a function of a :class:`~.events.Ctx`.

Phase code asks the policy for every choice, rolls through the context's roller and writes
only through ``ctx.emit``. The attack phases are simultaneous: every attack of the phase is
rolled before any hit lands. Pools come from :mod:`.pools` (ruling 2, a Jammer Field, a Matrix
or Targeter); the rank modifiers of Aimed Shots, Long Ranged entities, Static Defenses and the
Stellar Cannon go through :func:`.pools.modify` (ruling 4: per die by default).
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..ranks import split
from .damage import land_hit, resolve_hits
from .events import Ctx
from .operations import run_operations, self_repair
from .pools import boosted_entity, entity_dice, hits_of, modify, pool, unit_dice
from .sensors import sensors_phase
from .state import entity_key, parse_key
from .takeover import takeover_phase

__all__ = [
    "PHASE_FUNCTIONS",
    "attack_phase",
    "attackers",
    "boosted_entity",
    "entity_dice",
    "order_phase",
    "pool",
    "retreat_phase",
    "unit_dice",
    "volley_pool",
]


def attackers(ctx: Ctx, side: int, phase: str) -> dict[str, list[int]]:
    """Who of ``side`` can fire in ``phase`` and with which dice (entity key first)."""
    adjacent = ctx.sides[side].adjacent or any(ctx.sides[j].adjacent for j in ctx.enemies(side))
    out: dict[str, list[int]] = {}
    edice = entity_dice(ctx, side, "battle", phase)
    if adjacent and edice:
        ent = ctx.st.sides[side].entity
        assert ent is not None
        edice = (
            modify(edice, -ctx.rules.long_ranged_entity_penalty, ctx.rules)
            if ent.long_ranged
            else []
        )
    if edice:
        out[entity_key(side)] = edice
    for u in ctx.st.side_units(side, operational=True):
        if u.fired or (adjacent and not u.design.long_ranged and u.kind != "rammer"):
            continue
        dice = unit_dice(ctx, u, "battle", phase)
        if dice:
            out[u.key] = dice
    if phase == "last" and ctx.st.sides[side].static_defenses > 0 and not adjacent:
        parts = ctx.policy.static_split(ctx, side, ctx.st.sides[side].static_defenses)
        if sum(parts) != ctx.st.sides[side].static_defenses or any(p < 1 for p in parts):
            raise IllegalAction(
                f"Static Defenses of {ctx.sides[side].name!r} must be split into "
                f"ranks of at least 1 adding up to {ctx.st.sides[side].static_defenses}"
            )
        out[f"{side}:S"] = sorted(parts, reverse=True)
    return out


def _aimed_dice(ctx: Ctx, dice: list[int], target: str) -> list[int] | None:
    """Dice of an aimed attack at ``target``; None means every die hits (target neutralized)."""
    side, rest = parse_key(target)
    if rest == "S":
        return modify(dice, ctx.rules.static_defense_bonus, ctx.rules)
    u = ctx.st.units.get(target)
    owner_ent = ctx.st.sides[side].entity
    struct = ctx.st.sides[side].structures.get(rest)
    neutral = (
        (u is not None and u.status == "neutralized")
        or (rest.startswith("E") and owner_ent is not None and owner_ent.neutralized)
        or (struct is not None and struct["state"] == "neutralized")
    )
    if neutral:
        return None
    if sum(dice) < ctx.rules.aimed_min_rank:
        raise IllegalAction(
            f"an Aimed Shot needs Battle rank {ctx.rules.aimed_min_rank} or more, "
            f"this attack has {sum(dice)}"
        )
    return modify(dice, -ctx.rules.aimed_penalty, ctx.rules)


def volley_pool(ctx: Ctx, side: int, phase: str) -> tuple[list[str], dict[str, str], list[int]]:
    """What the side fires: (firing keys, aimed shots, the pooled unaimed dice)."""
    can = attackers(ctx, side, phase)
    fire = [k for k in ctx.policy.fire(ctx, side, phase, list(can)) if k in can]
    aims = {k: t for k, t in ctx.policy.aim(ctx, side, phase, fire).items() if k in fire}
    plain = sorted((d for k in fire if k not in aims for d in can[k]), reverse=True)
    return fire, aims, plain


def attack_phase(ctx: Ctx, phase: str) -> None:
    """First Strike, Main combat or Last combat: roll everything, then land every hit."""
    st = ctx.st
    landings: list[
        tuple[int, int, list[str] | int, bool]
    ] = []  # (by, defender, targets|hits, aimed)
    fired_units: list[str] = []
    for side in range(len(ctx.sides)):
        enemies = ctx.enemies(side)
        if not ctx.fighting(side) or st.sides[side].retreated or not enemies:
            continue
        fire, aims, plain = volley_pool(ctx, side, phase)
        if fire:
            target_side = ctx.policy.target_side(ctx, side, enemies)
            if target_side not in enemies:
                raise IllegalAction(f"side {target_side!r} is not an enemy in the battle")
            if plain:
                faces = ctx.roller.attack(plain)
                hits = hits_of(plain, faces)
                ctx.emit(
                    "attack",
                    side=side,
                    phase=phase,
                    target=target_side,
                    dice=plain,
                    faces=faces,
                    hits=hits,
                    units=[k for k in fire if k not in aims],
                )
                landings.append((side, target_side, hits, False))
            for k, tgt in aims.items():
                dice = attackers(ctx, side, phase)[k]
                adj = _aimed_dice(ctx, dice, tgt)
                if adj is None:
                    n, faces = len(dice), []
                else:
                    faces = ctx.roller.attack(adj)
                    n = hits_of(adj, faces)
                ctx.emit(
                    "attack",
                    side=side,
                    phase=phase,
                    target=tgt,
                    dice=adj or [],
                    faces=faces,
                    hits=n,
                    units=[k],
                    aimed=True,
                )
                landings.append((side, ctx.unit_side(tgt), [tgt] * n, True))
            fired_units += [k for k in fire if k in st.units]
        if phase == "main":
            _specials(ctx, side, enemies, landings)
    early = ctx.rules.reloader_neutralized_before_hits
    if early:  # the other reading of ruling 12: spent before this phase's hits land
        _spend_reloaders(ctx, fired_units, phase)
    # every roll is made: now the hits land
    for by, defender, what, aimed in landings:
        if isinstance(what, int):
            resolve_hits(ctx, defender, what, by=by, phase=phase)
        else:
            for key in what:
                land_hit(ctx, key, by=by, phase=phase, aimed=aimed)
    if fired_units:
        ctx.emit("fired", units=fired_units, phase=phase)
    for k in fired_units:  # in firing order: reloaders spent (ruling 12), imploders gone
        u = st.units[k]
        after = "destroyed" if u.kind == "rammer" else u.design.after_attack
        if after == "neutralized" and not early:
            _spend_reloaders(ctx, [k], phase)
        elif after == "destroyed" and u.in_orbit:
            ctx.emit(
                "damage",
                unit=k,
                result="destroyed",
                face=None,
                by=u.owner,
                phase=phase,
                reason="imploder",
            )
    for side in range(len(ctx.sides)):
        for k in ctx.policy.self_destruct(ctx, side, phase):
            su = st.units.get(k)
            if su is None or su.owner != side or su.status != "operational":
                raise IllegalAction(
                    f"only an operational ship of the side may self-destruct: {k!r}"
                )
            ctx.emit(
                "damage",
                unit=k,
                result="destroyed",
                face=None,
                by=side,
                phase=phase,
                reason="self-destruct",
            )


def _spend_reloaders(ctx: Ctx, fired: list[str], phase: str) -> None:
    """Reloaders that fired this phase ("Neutralized after one attack") are neutralized, if
    still operational (ruling 12: after the phase's hits by default, see
    ``CombatRules.reloader_neutralized_before_hits``)."""
    for k in fired:
        u = ctx.st.units[k]
        reloader = u.kind != "rammer" and u.design.after_attack == "neutralized"
        if reloader and u.status == "operational":
            ctx.emit(
                "damage",
                unit=k,
                result="neutralized",
                face=None,
                by=u.owner,
                phase=phase,
                reason="reloader",
            )


def _specials(ctx: Ctx, side: int, enemies: list[int], landings: list[Any]) -> None:
    """Busters and the Stellar Cannon (main combat)."""
    st = ctx.st
    for idx in sorted(ctx.policy.detonate(ctx, side, "main"), reverse=True):
        rank = st.sides[side].busters[idx]
        ctx.emit("buster", side=side, index=idx, rank=rank)
        victims = [u.key for u in st.units.values() if u.in_orbit and u.carried_by is None]
        victims += [f"{j}:E" for j in range(len(ctx.sides)) if st.sides[j].entity_state == "active"]
        for v in victims:
            dice = split(rank)
            faces = ctx.roller.attack(dice)
            n = hits_of(dice, faces)
            ctx.emit(
                "attack",
                side=side,
                phase="main",
                target=v,
                dice=list(dice),
                faces=faces,
                hits=n,
                units=["buster"],
            )
            landings.append((side, ctx.unit_side(v), [v] * n, True))
    orbit = ctx.sides[side].stellar_cannon
    ent = boosted_entity(ctx, side) if orbit is not None else None
    if orbit is not None and ent is not None:
        cdice = modify(ent.dice("battle"), -orbit, ctx.rules)
        if cdice:
            target = ctx.policy.target_side(ctx, side, enemies)
            faces = ctx.roller.attack(cdice)
            hits = _cannon_hits(ctx) if hits_of(cdice, faces) else 0
            ctx.emit(
                "attack",
                side=side,
                phase="main",
                target=target,
                dice=cdice,
                faces=faces,
                hits=hits,
                units=["stellar cannon"],
            )
            landings.append((side, target, hits, False))


def _cannon_hits(ctx: Ctx) -> int:
    """Roll the Stellar Cannon's hits (``rules.stellar_cannon_hits``, d6s only)."""
    d = ctx.rules.cannon_dice()
    total = sum(ctx.roller.faces(d.count))
    for op, k in d.ops:
        total = total + k if op == "+" else total - k if op == "-" else total * k
    return max(0, total)


def order_phase(ctx: Ctx) -> None:
    """Order of battle: Control changes, loading and unloading racks."""
    st = ctx.st
    for side in range(len(ctx.sides)):
        if not ctx.fighting(side):
            continue
        change = ctx.policy.order(ctx, side)
        if not change:
            continue
        for carrier, keys in dict(change.get("unload", {})).items():
            c = st.units.get(carrier)
            if c is None or c.owner != side or c.status != "operational":
                raise IllegalAction(f"{carrier!r} is not an operational carrier of this side")
            for k in keys:
                if st.units[k].carried_by != carrier:
                    raise IllegalAction(f"{k!r} is not in the racks of {carrier!r}")
                ctx.emit("unload", unit=k, carrier=carrier, side=side)
        for carrier, keys in dict(change.get("load", {})).items():
            c = st.units.get(carrier)
            if c is None or c.owner != side or c.status != "operational":
                raise IllegalAction(f"{carrier!r} is not an operational carrier of this side")
            used = sum(u.cost for u in st.units.values() if u.carried_by == carrier)
            need = used + sum(st.units[k].cost for k in keys)
            if need > c.design.racks:
                raise IllegalAction(
                    f"{c.name} {carrier} has racks for {c.design.racks} units; "
                    f"loading needs {need:g}"
                )
            for k in keys:
                u = st.units[k]
                if u.owner != side or not u.in_orbit or u.key == carrier or u.carried_by:
                    raise IllegalAction(f"{k!r} cannot be loaded")
                ctx.emit("load", unit=k, carrier=carrier, side=side)
        if "control" in change:
            keys = list(change["control"])
            ent = st.sides[side].entity
            limit = (
                ent.current("control") * ctx.rules.fleet_rules.control_limit_per_rank
                if ent is not None and st.sides[side].entity_active
                else 0
            )
            if len(keys) > limit:
                raise IllegalAction(
                    f"{ctx.sides[side].name!r} can hold {limit} ships under "
                    f"Control, asked for {len(keys)}"
                )
            for k in keys:
                cu = st.units.get(k)
                if cu is None or cu.owner != side or not cu.in_orbit or cu.carried_by:
                    raise IllegalAction(f"{k!r} is not a ship of this side in the orbit")
            ctx.emit("control", side=side, units=keys)


def retreat_phase(ctx: Ctx) -> None:
    """Retreats: the entity and mobile unneutralized ships leave, with what they carry or hold."""
    st = ctx.st
    for side in range(len(ctx.sides)):
        if not ctx.fighting(side) or st.sides[side].retreated or not ctx.enemies(side):
            continue
        if not ctx.policy.retreat(ctx, side):
            continue
        leaving = [u.key for u in st.side_units(side) if u.operational and not u.design.immobile]
        carriers = set(leaving)
        leaving += [u.key for u in st.units.values() if u.carried_by in carriers and u.in_orbit]
        leaving += [u.key for u in st.units.values() if u.held_by == side and u.in_orbit]
        ctx.emit(
            "retreat", side=side, units=sorted(set(leaving)), entity=st.sides[side].entity_active
        )


def repair_phase(ctx: Ctx) -> None:
    """Gathering and repair: Handling operations, self-repair, Ferals eating."""
    for side in range(len(ctx.sides)):
        if ctx.fighting(side) or ctx.st.sides[side].entity_state in ("active", "imprisoned"):
            self_repair(ctx, side)
    for side in range(len(ctx.sides)):
        if ctx.fighting(side):
            run_operations(ctx, side, pool(ctx, side, "handling"))


PHASE_FUNCTIONS = {
    "order": order_phase,
    "sensors": sensors_phase,
    "takeover": takeover_phase,
    "repair": repair_phase,
    "first": lambda ctx: attack_phase(ctx, "first"),
    "main": lambda ctx: attack_phase(ctx, "main"),
    "last": lambda ctx: attack_phase(ctx, "last"),
    "retreat": retreat_phase,
}
