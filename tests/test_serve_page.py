"""The chat page in a real browser: Debian's Chromium, headless, driven by Selenium.

``prompter serve`` runs in a process of its own, the model is the fake OpenAI server answering as
the scenario bot; the test opens ``/``, sends two messages and sees each streamed reply, as a
person trying the bot would.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugins.serve import ServeProcess
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from engine.offline.fake_openai import FakeOpenAIServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: What Chromium needs here: no sandbox as root, and nothing reaching beyond this machine.
CHROMIUM_FLAGS = (
    "--headless=new",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--window-size=1000,800",
)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()


def bot_bubbles(driver: WebDriver) -> list[str]:
    """The bot's finished bubbles, in order."""
    return [
        bubble.text
        for bubble in driver.find_elements(By.CSS_SELECTOR, ".bubble.bot")
        if "streaming" not in (bubble.get_attribute("class") or "")
    ]


@pytest.mark.slow
def test_the_chat_page_sends_two_messages_and_shows_each_streamed_reply(
    browser: WebDriver, bot_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    with ServeProcess(f"sqlite:///{tmp_path / 's.db'}", bot_server.base_url, folder=tmp_path) as s:
        browser.get(f"{s.url}/")
        wait = WebDriverWait(browser, 30)
        wait.until(lambda d: len(bot_bubbles(d)) == 1)
        assert bot_bubbles(browser) == [
            "Hi, this is Ledgerly support. What can I help you with today?"
        ]
        # the scenario's title, never an internal step id, for the people chatting
        assert (
            browser.title == "Ledgerly support desk" == browser.find_element(By.TAG_NAME, "h1").text
        )
        assert browser.find_element(By.ID, "step").text == ""

        for number, text in enumerate(
            ["I cannot log in, my password is refused", "the category is login"], start=2
        ):
            field = browser.find_element(By.ID, "text")
            wait.until(lambda d: d.find_element(By.ID, "text").is_enabled())
            field.send_keys(text)
            browser.find_element(By.ID, "send").click()
            wait.until(lambda d, n=number: len(bot_bubbles(d)) == n and all(bot_bubbles(d)))
        users = [b.text for b in browser.find_elements(By.CSS_SELECTOR, ".bubble.user")]
        assert users == ["I cannot log in, my password is refused", "the category is login"]
        replies = bot_bubbles(browser)
        assert "category" in replies[1].lower()  # the bot asks for what it still needs
        assert "troubleshoot" not in browser.find_element(By.TAG_NAME, "body").text
        assert browser.find_element(By.ID, "status").text == ""
        browser.save_screenshot(str(tmp_path / "chat-page.png"))
