"""The parts of a dialogue that the turn loop puts together, each pure and testable alone.

    fsm          the dialogue graph and each conversation's place in it; the one judge of guards
    vars_memory  typed dialogue variables with the full history of their changes
    ledger       what every model call cost (calls, tokens, dollars), from the price table
    contract     the four-field reply contract: the schemas sent, the checks of what came back
    prompting    what the model reads: the prompt laid out for the provider's prefix cache
    layout_choice  ``layout: auto``: which layout bills least, chain by chain

It may import :mod:`engine.scenario`, the providers (their interface, the price table and the
token count: :mod:`engine.providers.base`, ``prices``, ``tokens``), :mod:`engine.log.events`,
:mod:`engine.io` and :mod:`engine.errors`; never the turn loop.
"""
