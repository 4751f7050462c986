"""Compare two versions of a scenario in the studio: the graph drawn once with what changed
marked (:mod:`.window`, :mod:`.marks`), the list of differences and their diffs (:mod:`.panel`),
and the *Compare with…* dialog (:mod:`.dialog`). The comparison itself is
:mod:`engine.compare`."""
