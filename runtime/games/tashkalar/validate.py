"""`cardlang validate tashkalar`: cards/tashkalar against the reference table
(../shared/data/tashkalar_beings.tsv and, beside it, tashkalar_flares.tsv and
tashkalar_tasks.tsv; README-arnak-tashkalar.md describes them; never committed).

Exact, for every being and legend: its name is in the table, its rank is the table's, and its
pattern (pieces `[dx, dy, rank]` around the being's square, the being square's own-piece
requirement, the marked squares) is the table's under one of the 8 symmetries, with as many
distinct orientations as the table's `rotations_needed`. Flares: a flare of the table with
the same X/Y (the table has no flare names). Tasks: name, points, difficulty, type and the
numbers of its test. The text similarity of each card's rendered effects to the table's
wording is reported (a card whose file has a `note` saying how it differs is "justified")."""
from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

from runtime.core.reference import read_table

from .patterns import RANKS, TRANSFORMS

NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten".split())}
DROP = {"a", "an", "the", "your", "of", "on", "to", "this", "that", "it", "is", "piece"}


def normalise(text: str) -> list:
    t = re.sub(r"[^a-z0-9 ]+", " ", text.lower())
    words = [NUMBERS.get(w, w) for w in t.split()]
    words = [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words]
    return [w for w in words if w not in DROP]


def similarity(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, normalise(a), normalise(b), autojunk=False).ratio()


def rank_index(word: str) -> int:
    return RANKS.index(word) if word in RANKS else -1


def reference_pattern(row: dict) -> tuple:
    """(pieces {(dx, dy, rank)}, being square's need (-1 or a rank), marked {(dx, dy)}) of a
    table row. The being square's own piece is listed among the table's pieces at (0, 0);
    marked squares that are also pattern pieces (Master of Intrigue, Clan Guardian: "the
    pieces used") are not marks a grid can write, so they are left out."""
    cells = {tuple(c) for c in json.loads(row["pattern_json_dx_dy_rank"])}
    need = rank_index(row["being_square_needs_own_piece_of_rank"])
    pieces = {c for c in cells if c[:2] != (0, 0)}
    marked = {tuple(m[:2]) for m in json.loads(row["marked_squares"] or "[]")}
    return pieces, need, marked - {c[:2] for c in pieces}


def pattern_problems(pattern, row: dict) -> list:
    ref_pieces, ref_need, ref_marked = reference_pattern(row)
    out = []
    if pattern.being_needs != ref_need:
        want = "empty or any piece" if ref_need < 0 else f"your {RANKS[ref_need]} piece"
        got = "empty or any piece" if pattern.being_needs < 0 else \
            f"your {RANKS[pattern.being_needs]} piece"
        out.append(f"the being's square: the table's is {want}, the card's {got}")
    fits = [i for i, t in enumerate(TRANSFORMS)
            if {(*t(dx, dy), r) for dx, dy, r in pattern.cells} == ref_pieces]
    if not fits:
        out.append(f"pieces {sorted(pattern.cells)} are not the table's {sorted(ref_pieces)} "
                   "in any of the 8 symmetries")
    elif not any({TRANSFORMS[i](dx, dy) for dx, dy in pattern.marked} == ref_marked
                 for i in fits):
        out.append(f"marked squares {sorted(pattern.marked)} are not the table's "
                   f"{sorted(ref_marked)} in the symmetry of the pieces")
    ref_marked2 = {tuple(m[:2]) for m in json.loads(row.get("marked2_squares") or "[]")}
    if fits and (ref_marked2 or pattern.marked2) and not any(
            {TRANSFORMS[i](dx, dy) for dx, dy in pattern.marked2} == ref_marked2 for i in fits):
        out.append(f"second marked squares {sorted(pattern.marked2)} are not the table's "
                   f"{sorted(ref_marked2)} in the symmetry of the pieces")
    if distinct_orientations(pattern) > int(row["rotations_needed"]):
        out.append(f"{distinct_orientations(pattern)} distinct orientations, more than the "
                   f"table's rotations_needed {row['rotations_needed']}")
    return out


def distinct_orientations(pattern) -> int:
    """The distinct placements of the pattern's pieces among the 8 symmetries (the table's
    rotations_needed may test more: Hypnotist's is 8 for a shape with a half-turn symmetry)."""
    return len({tuple(sorted((*t(dx, dy), r) for dx, dy, r in pattern.cells))
                for t in TRANSFORMS})


def numbers(args: str) -> list:
    try:
        return [a for a in json.loads(args or "[]") if isinstance(a, int)]
    except ValueError:
        return []


BEINGS_COLUMNS = ("deck", "name", "rank", "rotations_needed", "pattern_json_dx_dy_rank",
                  "being_square_needs_own_piece_of_rank", "marked_squares", "text",
                  "frozen_or_warp_text")


def check(cardset, beings_table: Path, threshold: float = 0.6) -> list:
    """One row a card of ours, then one a table card we do not have: dicts with name, kind,
    deck, checks (what was compared exactly), problems, similarity, status, text, note.
    The flares and tasks tables are read from the beings table's folder."""
    beings_table = Path(beings_table)
    if beings_table.is_dir():   # the data folder itself: its beings table
        beings_table = beings_table / "tashkalar_beings.tsv"
    folder = beings_table.parent
    beings = {}
    for r in read_table(beings_table, BEINGS_COLUMNS, "the Tash-Kalar beings table"):
        beings.setdefault(r["name"], r)
    flares: dict = {}
    for r in read_table(folder / "tashkalar_flares.tsv", ("flare_index", "half", "text"),
                        "the Tash-Kalar flares table, beside the beings table"):
        flares.setdefault(int(r["flare_index"]), {})[int(r["half"])] = r
    tasks = {r["name"]: r for r in read_table(
        folder / "tashkalar_tasks.tsv", ("name", "type", "difficulty", "points", "text", "criteria_args_json"),
        "the Tash-Kalar tasks table, beside the beings table")}
    table = cardset.table
    rows, seen, used_flares = [], set(), set()
    for cid, info in enumerate(table.cards):
        card = cardset.ir.get(info.name)
        note = (card.attrs.get("note") if card is not None else None) or ""
        text = " ".join(t for _k, _r, t in cardset.effects.get(cid, ()))
        problems, ref_text, checks, ref = [], "", "", None
        if info.kind in ("being", "legend"):
            checks = "name, rank, pattern"
            ref = beings.get(info.name)
            if ref is None:
                problems.append("no being of this name in the table")
            else:
                seen.add(info.name)
                ref_text = ref["text"]
                if ref.get("deck") in ("Everfrost", "Etherweave") and \
                        ref.get("frozen_or_warp_text"):
                    # 004 扩展 永霜 / 以太编织: the frozen or warp effect's text follows the
                    # being's (our `frozen:` / `warp:`)
                    ref_text = " ".join(x for x in (ref_text, ref["frozen_or_warp_text"]) if x)
                if rank_index(ref["rank"]) != info.rank:
                    problems.append(f"rank {RANKS[info.rank]}, the table's is {ref['rank']}")
                if (ref["deck"] == "Legends") != (info.kind == "legend"):
                    problems.append(f"a {info.kind}, the table's deck is {ref['deck']}")
                if info.pattern is None:
                    problems.append("no pattern")
                else:
                    problems += pattern_problems(info.pattern, ref)
        elif info.kind == "flare":
            checks = "X/Y"
            same = [i for i, h in sorted(flares.items())
                    if int(h[0]["difference_N"]) == info.upper
                    and int(h[1]["difference_N"]) == info.lower]
            if not same:
                problems.append(f"no flare of the table has X/Y {info.upper}/{info.lower}")
            else:
                def ref_of(i):
                    return f"{flares[i][0]['text']} {flares[i][1]['text']}"
                best = max(same, key=lambda i: (i not in used_flares, similarity(text, ref_of(i))))
                used_flares.add(best)
                ref_text = ref_of(best)
                checks = f"X/Y (table flare {best})"
        elif info.kind == "task":
            checks = "name, points, difficulty, type, numbers"
            ref = tasks.get(info.name)
            if ref is None:
                problems.append("no task of this name in the table")
            else:
                seen.add(info.name)
                ref_text = ref["text"]
                if int(ref["points"]) != info.points:
                    problems.append(f"{info.points} VP, the table's {ref['points']}")
                if ref["difficulty"] != info.difficulty:
                    problems.append(f"{info.difficulty}, the table's {ref['difficulty']}")
                if ref["type"] != info.group:
                    problems.append(f"type {info.group}, the table's {ref['type']}")
                want = numbers(ref["criteria_args_json"])
                if list(info.params[:len(want)]) != want:
                    problems.append(f"numbers {list(info.params[:len(want)])}, the table's "
                                    f"{want}")
            text = text or f"(the rules' test {info.test}: no text to compare)"
        if info.kind in ("being", "legend") and info.pattern is not None and ref is not None:
            checks += f" ({distinct_orientations(info.pattern)}/{ref['rotations_needed']} " \
                "orientations)"
        sim = similarity(text, ref_text) if ref_text and info.kind != "task" else -1.0
        if problems:
            status = "differs"
        elif sim >= threshold or info.kind == "task":
            status = "ok"
        else:
            status = "justified" if note else "text differs"
        rows.append(dict(name=info.name, kind=info.kind, deck=info.deck, checks=checks,
                         problems=problems, similarity=sim, status=status, text=text,
                         reference=ref_text, note=note))
    for name, r in beings.items():
        if name not in seen and r["deck"] in ("Northern", "Southern", "Highland", "Sylvan",
                                              "Everfrost", "Legends"):
            rows.append(dict(name=name, kind="legend" if r["deck"] == "Legends" else "being",
                             deck=r["deck"].lower(), checks="", problems=[], similarity=-1.0,
                             status="absent", text="", reference=r["text"], note=""))
    for name in tasks:
        if name not in seen:
            rows.append(dict(name=name, kind="task", deck="tasks", checks="", problems=[],
                             similarity=-1.0, status="absent", text="", reference="", note=""))
    return rows


def markdown(rows: list, threshold: float) -> str:
    lines = ["# Tash-Kalar: the cards", "",
             "Generated by `cardlang validate tashkalar --reference "
             "../shared/data/tashkalar_beings.tsv --markdown docs/cards/tashkalar.md`. "
             "Each card of cards/tashkalar with what was compared exactly with the reference "
             "table (a being's and legend's name, rank and pattern under the 8 symmetries; a "
             "flare's X/Y; a task's points, difficulty, type and numbers), the similarity of "
             f"its rendered text to the table's wording (threshold {threshold:.2f}; 'justified' "
             "when the card's `note` says how it differs), and the table's cards not yet "
             "written ('absent'). Statuses: ok, justified, text differs, differs (an exact "
             "check fails), absent.", "",
             "| card | kind | deck | exact checks | similarity | status | rendered text |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        text = r["text"].replace("\n", " ").replace("|", "\\|")
        sim = f"{r['similarity']:.2f}" if r["similarity"] >= 0 else ""
        checks = r["checks"] + ("" if not r["problems"] else ": " + "; ".join(r["problems"]))
        lines.append(f"| {r['name']} | {r['kind']} | {r['deck']} | {checks} | {sim} | "
                     f"{r['status']} | {text} |")
    counts: dict = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    lines += ["", "Counts: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + "."]
    notes = [r for r in rows if r["note"]]
    if notes:
        lines += ["", "## How the noted cards differ from print", ""]
        lines += [f"- **{r['name']}** ({r['similarity']:.2f}): {r['note']}" for r in notes]
    return "\n".join(lines) + "\n"


def report(reference: str, set_name=None, threshold: float = 0.6, cardset=None):
    """The ValidationReport of `cardlang validate tashkalar` (set_name: a deck or kind to
    keep: imperial, legends, flares, tasks...)."""
    from runtime.core.contract import ValidationReport
    from .cardset import load_cardset
    rows = check(cardset or load_cardset("interpreted"), Path(reference), threshold)
    if set_name:
        rows = [r for r in rows if set_name.lower() in (r["deck"].lower(), r["kind"])]
    cols = ("card", "kind", "deck", "checks", "similarity", "status")
    return ValidationReport(
        title="Tash-Kalar: cards vs the reference table",
        columns=cols,
        rows=[(r["name"], r["kind"], r["deck"], r["checks"],
               f"{r['similarity']:.2f}" if r["similarity"] >= 0 else "", r["status"])
              for r in rows],
        status=[r["status"] for r in rows],
        problems=[(r["name"], "; ".join(r["problems"])) for r in rows if r["problems"]],
        markdown=markdown(rows, threshold),
        failed=any(r["status"] == "differs" for r in rows))
