"""The support desk's Python action: look an order up in the order data shipped beside it.

A scenario's Python actions are plain functions of this module. Each gets the step's inputs as
keyword arguments and, when it asks for it, a ``context`` (session, turn, step, idempotency key
and the folder), and returns the results as a mapping — or names another outcome with
``{"outcome": ...}``. This one reads ``data/orders.json`` through ``context.read_text``, the
bounded reader every file that came with a scenario goes through (inside the folder, regular
files only, a size limit). See docs/actions.md.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.actions.context import ActionContext

ORDERS = "data/orders.json"


def look_up_order(order_number: str | None, context: ActionContext) -> dict[str, Any]:
    """The order's status, plan and total; the outcome ``not_found`` when there is none."""
    number = normalised(order_number or "")
    orders = json.loads(context.read_text(ORDERS, limit=1024 * 1024))
    order = orders.get(number) if isinstance(orders, dict) else None
    if not isinstance(order, dict):
        return {"outcome": "not_found", "results": {}}
    return {
        "order_status": order.get("status"),
        "order_plan": order.get("plan"),
        "order_total": order.get("total"),
    }


def normalised(text: str) -> str:
    """``lg 1042``, ``#LG-1042`` or ``1042`` → ``LG-1042``."""
    digits = re.search(r"(\d{3,})", text)
    return f"LG-{digits.group(1)}" if digits else text.strip().upper()
