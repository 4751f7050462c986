"""Charts drawn with Qt's own charts module, in the studio's light or dark palette.

:mod:`.turns` — one conversation's tokens, cost and model time per turn (log viewer, test chat;
:mod:`.attach` puts it there); :mod:`.distribution` — cost and calls per message across
conversations (analytics); :mod:`.style` — colours from the palette.
"""
