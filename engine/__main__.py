import sys

from engine.actions.worker_main import run_if_worker
from engine.cli import main

run_if_worker()  # a frozen bundle's executable started to run plain-def actions
sys.exit(main())
