"""A scenario folder open for editing, saved back without disturbing what the author wrote.

Authors keep comments, key order, quoting and flow style (``{to: done}``) in ``scenario.yaml`` and
review it in diffs. pyyaml forgets all of that on a load/dump round trip, so the document keeps the
file as a **ruamel.yaml round-trip tree**: every edit changes one node, and dumping writes the rest
as it was. ruamel's round-trip loader builds only plain mappings, sequences and scalars (never
arbitrary Python objects); the scenario itself is still validated from the *text* by
:func:`engine.scenario.loader.parse_scenario`, so error locations are the loader's.

Only what an edit touched is rewritten: the text is spliced from the untouched original pieces
and a fresh dump of the innermost entry holding the edit (:class:`.splicing.Splicer`), so a
hand-wrapped list elsewhere in the same step stays wrapped. The round-trip tree itself is built
on first use, only for text the loader's limited reader accepts, and in a file shaped for it each
step is loaded only when an edit reaches it (:class:`.tree.YamlTree`); opening and validating read
only the text. After an edit only the steps it changed are parsed again
(:class:`.reparsing.Reparser`), and every edit is announced as a :class:`Change` naming the
steps it touched — so an edit costs about the same on 20 steps and on 2,000.

Two guarantees the studio's undo stack relies on:

* **No edit, no change.** An entry that dumps as it did before its first edit is written as its
  original text, byte for byte — so an edit followed by its undo (``delete`` then ``insert`` of
  the returned value, ``set`` back to the old value, a rename back) gives the original file, even
  where ruamel would reformat something.
* **Removed nodes come back whole.** ``delete`` returns a plain value, but the document remembers
  the removed (or replaced) node with its comments and flow style; inserting or setting an equal
  value at the same path restores that node.

Saving writes only files whose text changed, each atomically (:mod:`engine.io.atomic`). Files the
scenario does not read — its tests, ``tests/*.test.yaml``, and their cassettes — are edited,
undone and saved the same way (:meth:`ScenarioDocument.files` lists them); their edits are
announced as ``file`` changes, which leave the derived scenario as it was.

The package, by job:

* :mod:`.editing` — :class:`ScenarioDocument`: the public edit API, :class:`Change` events,
  the derived scenario;
* :mod:`.tree` — the round-trip tree: structured edits that keep what the author wrote;
* :mod:`.splicing` — the text of ``scenario.yaml`` re-dumped only where an edit touched it;
* :mod:`.reparsing` — the text cut into steps: lazy loading and re-parsing only changed steps;
* :mod:`.nodes` — ruamel helpers: plain values, new nodes styled like their neighbours;
* :mod:`.files` — the other files of the folder: texts as edited, what is on disk, saving;
* :mod:`.templates` — the scenarios File ▸ New starts from.
"""

from engine.scenario.document.editing import Change, DocPath, Listener, ScenarioDocument
from engine.scenario.document.templates import TEMPLATES

__all__ = ["TEMPLATES", "Change", "DocPath", "Listener", "ScenarioDocument"]
