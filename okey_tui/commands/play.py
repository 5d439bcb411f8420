"""``okey101 play``: sit down at a table with three bots."""

from __future__ import annotations

import click

TYPES = ("classic", "rising", "challenge", "51")
LEVELS = ("easy", "normal", "hard")


def _people(
    practice: bool | None,
    no_tips: bool | None,
    humans: int | None,
    names: str | None,
    side_by_side: bool | None,
    name: str | None,
) -> dict[str, object]:
    """The practice and hot-seat flags as settings changes (none when none are given)."""
    from okey_tui.hotseat import parse_names

    changes: dict[str, object] = {}
    if practice:
        changes["practice"] = True
        changes["tips"] = not no_tips
    elif no_tips:
        changes["tips"] = False
    listed = parse_names(names) if names else ()
    if humans is None and listed:
        humans = max(1, min(4, len(listed)))
    if humans is not None:
        changes["humans"] = humans
        changes["humans_partners"] = not side_by_side
        if listed:
            if name is not None:
                raise click.UsageError("give --names (every person's name) or --name, not both")
            changes["name"] = listed[0]
        changes["human_names"] = listed[1:humans]
    elif side_by_side:
        raise click.UsageError("--side-by-side is for hot-seat tables: give --humans 2")
    return changes


def _bots(value: str | None) -> tuple[str, str, str] | None:
    if value is None:
        return None
    levels = [v.strip().lower() for v in value.split(",") if v.strip()]
    if len(levels) == 1:
        levels *= 3
    if len(levels) != 3 or any(lv not in LEVELS for lv in levels):
        raise click.BadParameter(
            "give one level (easy, normal, hard) or three separated by commas, like easy,normal,hard",
            param_hint="--bots",
        )
    return (levels[0], levels[1], levels[2])


@click.command(name="play")
@click.option(
    "--type",
    "game_type",
    type=click.Choice(TYPES, case_sensitive=False),
    help="Game type: classic, rising, challenge or 51.",
)
@click.option("--hands", type=click.IntRange(1, 13), help="Hands in the match: 1-13, odd.")
@click.option("--no-penalty", is_flag=True, default=None, help="Play without penalties.")
@click.option(
    "--partners", is_flag=True, default=None, help="Play in teams: seats across are partners."
)
@click.option(
    "--bots",
    "bots",
    metavar="LEVEL[,LEVEL,LEVEL]",
    help="Bot level for all seats, or one per seat (right, across, left): easy, normal, hard.",
)
@click.option("--seed", type=int, help="Seed of the deals: the same seed gives the same deals.")
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=None,
    help="Seconds between bot moves (0 = instant; default: your last choice, else 0.6).",
)
@click.option("--resume", is_flag=True, help="Continue the saved match exactly where it stopped.")
@click.option("--name", help="Your name at the table.")
@click.option(
    "--practice",
    is_flag=True,
    default=None,
    help="Practice table: h shows hints, penalties are confirmed, u undoes a step this turn.",
)
@click.option(
    "--no-tips", is_flag=True, default=None, help="At a practice table, no first-hand tips."
)
@click.option(
    "--humans",
    type=click.IntRange(1, 4),
    help="Hot-seat: how many people share this terminal (2-4); bots take the other seats.",
)
@click.option(
    "--names",
    metavar="NAME,NAME,...",
    help="Hot-seat: every person's name in seat order, like Ayşe,Mehmet.",
)
@click.option(
    "--side-by-side",
    is_flag=True,
    default=None,
    help="Hot-seat with two people: sit side by side (opponents at a partners table), not across.",
)
def play(
    game_type: str | None,
    hands: int | None,
    no_penalty: bool | None,
    partners: bool | None,
    bots: str | None,
    seed: int | None,
    bot_delay: float | None,
    name: str | None,
    resume: bool,
    practice: bool | None = None,
    no_tips: bool | None = None,
    humans: int | None = None,
    names: str | None = None,
    side_by_side: bool | None = None,
) -> None:
    """Sit down at a table with three bots.

    Without table flags the new-table screen asks (and remembers your last
    choices); any of --type, --hands, --no-penalty, --partners, --bots or
    --name skips it, taking the rest from your last choices.
    """
    if hands is not None and hands % 2 == 0:
        raise click.BadParameter("a match is 1, 3, 5, 7, 9, 11 or 13 hands", param_hint="--hands")
    levels = _bots(bots)

    from okey_tui.settings import load_settings
    from okey_tui.ui.app import make_app

    settings = load_settings()
    changes: dict[str, object] = {}
    if game_type is not None:
        changes["game_type"] = game_type.lower()
    if hands is not None:
        changes["hands"] = hands
    if no_penalty:
        changes["penalties"] = False
    if partners:
        changes["partners"] = True
    if levels is not None:
        changes["bots"] = levels
    if name is not None:
        changes["name"] = name
    changes.update(_people(practice, no_tips, humans, names, side_by_side, name))
    if resume and (changes or seed is not None):
        raise click.UsageError("--resume continues the saved match as it was: give no table flags")
    ask = not changes and seed is None
    app = make_app(
        settings=settings.with_changes(**changes).checked(),
        ask=ask,
        seed=seed,
        bot_delay=bot_delay,
        resume=resume,
    )
    from okey_tui import storage

    try:
        with storage.exclusive():
            app.run()
    except storage.SaveInUseError as exc:
        click.echo(f"okey101: {exc}", err=True)
        raise SystemExit(1) from None
