"""Scenario tests in the studio: the Tests pane, Save chat as test, coverage on the graph.

    catalog      the document's test files, parsed and checked (no widgets)
    plan         what a run runs on: the current scenario, the tests as edited
    worker       a run on a worker thread, progress handed to the UI thread in batches
    runs         one run at a time, each test's last outcome, recordings kept (no widgets)
    describe     an outcome in words (rows, details)
    rows         the list of tests and their problems
    pane         the Tests pane
    yaml_editor  a test file in an editor: YAML highlighting, undoable edits, problems
    in_log       a run's log in the viewer at the failing turn, the expectation beside it
    coverage     what no test covers, as an overlay of the graph
    save_chat    the chat's Save as test…
    studio       plugs all of it into the studio window (``install``)

The engine does the testing (:mod:`engine.scenario_tests`); this package shows it.
"""

from __future__ import annotations
