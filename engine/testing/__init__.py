"""Test helpers shipped with the engine, so tests, benches and demos share one set.

:mod:`engine.testing.fake_openai` is a fake OpenAI server the real SDK talks to over loopback.
"""
