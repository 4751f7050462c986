"""``python -m engine.offline.fake_openai``: the demo server (see :mod:`.demo`)."""

from engine.offline.fake_openai.demo import main

raise SystemExit(main())
