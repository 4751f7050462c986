"""``python -m engine.testing.fake_openai``: the demo server (see :mod:`.demo`)."""

from engine.testing.fake_openai.demo import main

raise SystemExit(main())
