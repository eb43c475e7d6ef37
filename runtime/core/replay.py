"""The decision log is the save file: header (setup, seed) + every answered decision."""
from __future__ import annotations

import json


def to_jsonable(entries: list) -> list:
    out = []
    for e in entries:
        ans = [list(a) if isinstance(a, tuple) else a for a in e["answer"]]
        out.append({"player": e["player"], "kind": e["kind"], "answer": ans})
    return out


def from_jsonable(entries: list) -> list:
    """JSON turns tuples into lists; actions are tuples again after loading."""
    out = []
    for e in entries:
        ans = e["answer"]
        if e["kind"] == "action":
            ans = [tuple(a) for a in ans]
        out.append({"player": int(e["player"]), "kind": e["kind"], "answer": list(ans)})
    return out


def dumps(header: dict, entries: list) -> str:
    return json.dumps({"version": 1, "header": header, "decisions": to_jsonable(entries)})


def loads(text: str) -> tuple[dict, list]:
    data = json.loads(text)
    return data["header"], from_jsonable(data["decisions"])


def save(path: str, header: dict, entries: list) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(header, entries))


def load(path: str) -> tuple[dict, list]:
    with open(path, encoding="utf-8") as f:
        return loads(f.read())
