"""The model matrix: which model keeps this script, at what cost, and how sure we are.

``prompter matrix`` runs a scenario's tests live (and, with personas, simulated conversations)
on several models × several variants of the scenario, many times each, and says with intervals
and paired tests whether a difference is real.

    spec        model specs (``provider:model[@base_url]``, ``fake:break=0.1``) and matrix.yaml
    models      each model's paced provider; the key-free fake, broken by chance
    run         the runs of every cell, ``jobs`` at a time, each with its own seed and log
    statistics  Wilson intervals, pass^k, exact McNemar, Holm: plain Python
    summary     matrix.json (the normative format)
    gate        ``--require`` expressions and ``--baseline`` comparisons for CI
    report      report.html: one file, no external assets, the graph shaded per step

A tool like ``simulate`` and ``scenario_tests``, whose runners it drives: it may import the
engine's lower layers and the other tools, never the command line or the studio.
"""
