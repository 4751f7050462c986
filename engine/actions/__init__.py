"""Actions: the steps of a scenario that do things — call a Python function or an HTTP API.

    context        what a Python action is told (``context``: session, turn, step, idempotency
                   key); small, as the worker process imports it
    outcome        what an action comes back with, read and converted the same way for all
    module_loader  loading a scenario's actions module (trusted code) by its path
    worker_main    the worker process that runs plain ``def`` actions, one call at a time
    workers        the pool of those processes: a timed-out call's process group is killed
    python_actions Python actions: ``def`` in a worker process, ``async def`` cancelled in place
    http_actions   HTTP actions through httpx2: allowed hosts, ``${NAME}`` secrets, idempotency
    runners        who answers an action step: live, stubbed (tests, simulation, an untrusted
                   folder), or layered; what a scenario's actions reach (code, hosts, secrets)
    stubs          the format of a stub (``{outcome: no_slots, results: {...}}``)

The turn loop runs an action step as a phase of its own
(:mod:`engine.conversation.action_phase`). This package may import :mod:`engine.scenario` and
:mod:`engine.io` and nothing above; the package itself imports nothing, so the worker process
starts light.
"""
