"""The front ends: play, replay, simulate, stats, plots, bench, save files, and the CLI.

They know no game (tests/test_front_imports.py): a game is found by name in the registry and
spoken to through the contract (runtime/core/contract.py: State, pending/apply, clone,
play_out, to_json/load_state) and its view (`game.view()`: texts, board, records).

    states.py     the game by name, its options, its states in a mode; PlayError
    bots.py       the bots by name (greedy, random, first), their versions and seeds
    files.py      atomic writes, only over regular files
    savefile.py   save files: schema, located errors, replay through the contract
    terminal.py   the terminal front end: prompts from pending(), undo, save, the story
    replay.py     `cardlang replay`: a saved game decision by decision
    simulate.py   `cardlang simulate`: many bot games on all cores or Ray, resumable output
    stats.py      per-game records and per-card statistics (lift within a group and bot)
    plots.py      PNG plots of a simulation (matplotlib)
    commands.py   the Typer commands play/replay/simulate registered by cli.py
    cli.py        `cardlang`: every command
    testing.py, pytest_plugin.py, validate.py   card examples and the reference text table
"""
