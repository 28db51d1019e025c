"""Every gm-kit widget in a marimo app: `marimo run examples/marimo_widgets.py`.

Each widget is shown with `mo.ui.anywidget(...)`; the cell under it reads the widget's synced
state, so marimo runs that cell again whenever a click changes what Python holds (a roll, a
purchase, a chosen tuning row, a picked orbit). Edit it with `marimo edit` to try your own.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="gm-kit widgets")


@app.cell
def _():
    import html

    import marimo as mo

    from kit.boards import StandardBoard
    from kit.regulus import Job, Operative
    from kit.successors import Entity, Fleet
    from kit.successors.combat import Battle, Side
    from kit.successors.sector import generate_sector
    from kit.widgets import (
        BoardWidget,
        CombatTable,
        EntityBuilder,
        FleetBuilder,
        FleetPanel,
        JobBuilder,
        JobTable,
        SectorExplorer,
        ShipDesigner,
        StarSystemExplorer,
        Tuner,
    )

    def state(name, text):
        """A line saying what Python holds now (the cell runs again when it changes)."""
        return mo.Html(
            f'<p class="gmk-state" data-state="{name}"><b>In Python:</b> {html.escape(text)}</p>'
        )

    return (
        Battle,
        BoardWidget,
        CombatTable,
        Entity,
        EntityBuilder,
        Fleet,
        FleetBuilder,
        FleetPanel,
        Job,
        JobBuilder,
        JobTable,
        Operative,
        SectorExplorer,
        ShipDesigner,
        Side,
        StandardBoard,
        StarSystemExplorer,
        Tuner,
        generate_sector,
        mo,
        state,
    )


@app.cell
def _(mo):
    mo.md("""
    # gm-kit widgets in marimo

    Every widget of the kit, each followed by what Python holds for it. Click something:
    the line under the widget follows, because it reads the widget's synced state.
    """)
    return


@app.cell
def _(Job, JobTable, Operative, mo):
    job_table = mo.ui.anywidget(JobTable(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1)))
    job_table
    return (job_table,)


@app.cell
def _(job_table, state):
    _v = job_table.value["view"]
    state("job-table", f"turn {_v['turn']}, Progress {_v['progress']}, Threat {_v['threat']}")
    return


@app.cell
def _(JobBuilder, mo):
    job_builder = mo.ui.anywidget(JobBuilder())
    job_builder
    return (job_builder,)


@app.cell
def _(job_builder, state):
    _built = job_builder.widget.built if job_builder.value["job_data"] else None
    state(
        "job-builder",
        "no job built yet"
        if _built is None
        else f"built a {_built.job_type.name}: Difficulty {_built.difficulty}, Clock {_built.clock}",
    )
    return


@app.cell
def _(BoardWidget, StandardBoard, mo):
    board = mo.ui.anywidget(
        BoardWidget(StandardBoard([6, 5, 7, 4], goal=3, title="Disarm the bomb"))
    )
    board
    return (board,)


@app.cell
def _(board, state):
    _v = board.value["view"]
    state("board", f"{len(_v['history'])} checks, {_v['successes']} successes")
    return


@app.cell
def _(Battle, CombatTable, Side, mo):
    combat = mo.ui.anywidget(
        CombatTable(
            Battle(
                [Side("Raiders", ships={"Cruiser": 3}), Side("Guards", ships={"Frigate": 4})],
                seed=2,
            )
        )
    )
    combat
    return (combat,)


@app.cell
def _(combat, state):
    _v = combat.value["view"]
    state("combat", f"round {_v['round']}, {len(_v['log'])} log lines")
    return


@app.cell
def _(Entity, EntityBuilder, mo):
    entity = mo.ui.anywidget(
        EntityBuilder(Entity("Nameless", points=10, sex="Male", side="Vontuni Empire"), seed=7)
    )
    entity
    return (entity,)


@app.cell
def _(entity, state):
    _ranks = {a["name"]: a["rank"] for a in entity.value["view"]["abilities"]}
    state("entity", f"Battle {_ranks['battle']}, Control {_ranks['control']}")
    return


@app.cell
def _(Entity, Fleet, FleetBuilder, mo):
    fleet_builder = mo.ui.anywidget(
        FleetBuilder(Fleet(Entity("TanRac", battle=4, control=4), budget=32))
    )
    fleet_builder
    return (fleet_builder,)


@app.cell
def _(Fleet, fleet_builder, state):
    _fleet = Fleet.from_dict(fleet_builder.value["fleet_data"])
    state("fleet-builder", f"{len(_fleet.ships)} ships, {_fleet.spent:g} RU spent")
    return


@app.cell
def _(Fleet, FleetPanel, mo):
    _fleet = Fleet(budget=60)
    _fleet.buy("Cruiser", 2)
    fleet_panel = mo.ui.anywidget(FleetPanel(_fleet))
    fleet_panel
    return (fleet_panel,)


@app.cell
def _(fleet_panel, state):
    _v = fleet_panel.value["view"]
    state("fleet-panel", f"{_v['ships']} ships, {len(_v['controlled'])} under Control")
    return


@app.cell
def _(ShipDesigner, mo):
    designer = mo.ui.anywidget(ShipDesigner(compare="Fortress"))
    designer
    return (designer,)


@app.cell
def _(designer, state):
    _v = designer.value["view"]
    state("designer", f"cost {_v['cost']} RU, signature {_v['signature']}")
    return


@app.cell
def _(StarSystemExplorer, mo):
    star = mo.ui.anywidget(StarSystemExplorer(seed=2))
    star
    return (star,)


@app.cell
def _(star, state):
    _orbit = star.value["selected"]
    state(
        "star",
        f"seed {star.value['seed']}, "
        + (f"orbit {_orbit} picked" if _orbit else "no orbit picked"),
    )
    return


@app.cell
def _(SectorExplorer, generate_sector, mo):
    sector = mo.ui.anywidget(SectorExplorer(generate_sector(60, seed=7), origin=0, destination=10))
    sector
    return (sector,)


@app.cell
def _(sector, state):
    _sv = sector.value["system_view"]
    _rv = sector.value["route_view"]
    state(
        "sector",
        (f"opened {_sv['name']}" if _sv else "no system opened")
        + (f"; route of {_rv['jumps']} legs" if _rv else ""),
    )
    return


@app.cell
def _(Tuner, mo):
    tuner = mo.ui.anywidget(Tuner(target=0.6))
    tuner
    return (tuner,)


@app.cell
def _(state, tuner):
    _row = tuner.widget.chosen if tuner.value["chosen"] else None
    state(
        "tuner",
        "nothing chosen yet"
        if _row is None
        else f"chose a {tuner.value['chosen_system']} setup: "
        + ", ".join(f"{k} {v}" for k, v in _row.setup)
        + f" ({_row.chance:.1%})",
    )
    return


if __name__ == "__main__":
    app.run()
