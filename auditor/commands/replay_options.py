"""Which ``check`` command lines a stored run may answer, read without argparse.

Only the options listed here are understood; a command line with any other
(``-o``, ``--no-cache``, ``-`` for standard input, an abbreviation, flags run
together) is not answered from a stored run and goes the ordinary way.
"""

from __future__ import annotations

VALUED = {"--format": "format", "--documents": "documents", "--select": "select", "--ignore": "ignore", "--color": "color"}
FLAGS = {"-v": "verbose", "--verbose": "verbose", "-q": "quiet", "--quiet": "quiet", "--builtin": "builtin",
         "--exit-zero": "exit_zero", "--statistics": "statistics"}
DEFAULTS = {"project": None, "paths": [], "format": None, "verbose": False, "documents": None, "select": None, "ignore": None,
            "color": "auto", "quiet": False, "builtin": False, "exit_zero": False, "statistics": False}


def options(argv: list[str]) -> dict | None:
    """The options of a ``check`` command line this module understands, or None for any other."""
    found = {**DEFAULTS, "paths": []}
    words, seen_check, paths_ended = list(argv), False, False
    while words:
        word = words.pop(0)
        paths_ended = paths_ended or bool(found["paths"] and word.startswith("-"))
        name, _, inline = word.partition("=") if word.startswith("--") else (word, "", "")
        if not seen_check:
            if word == "check":
                seen_check = True
            elif name == "--project" and (inline or words):
                found["project"] = inline or words.pop(0)
            else:
                return None
        elif name in VALUED and (inline or (words and not words[0].startswith("-"))):
            found[VALUED[name]] = inline or words.pop(0)
        elif word in FLAGS:
            found[FLAGS[word]] = True
        elif not word.startswith("-") and not paths_ended:
            found["paths"].append(word)
        else:
            return None
    return found if seen_check else None
