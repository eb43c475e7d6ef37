"""Playing and simulating games from the command line: `cardlang play`, `replay`, `simulate`.

    cards.py      the card set (interpreted or compiled) and the bots by name
    describe.py   events, options and cards as short English lines
    savefile.py   save files: writing them, and refusing a bad one with its first bad line
    terminal.py   the terminal front end: board, prompts, help/undo/save, TerminalAgent
    replay.py     `cardlang replay`: a saved game decision by decision
    simulate.py   `cardlang simulate`: many bot games on all cores or Ray, resumable output
    stats.py      per-game records and per-card statistics
    plots.py      PNG plots of a simulation (matplotlib)
    commands.py   the Typer commands registered by runtime/front/cli.py
"""
