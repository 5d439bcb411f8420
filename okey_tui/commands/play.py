"""``okey101 play``: sit down at a table with three bots."""

from __future__ import annotations

import click

TYPES = ("classic", "rising", "challenge", "51")
LEVELS = ("easy", "normal", "hard")


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
