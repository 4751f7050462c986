#!/usr/bin/env bash
# Smoke-test a built bundle: does what a user first does, headless, and exits 0 only if it works.
#   packaging/smoke_test.sh [BUNDLE]        (default: dist/prompter, made by packaging/build.sh)
# Runs in a throw-away HOME with no API key, so it neither reads nor writes anyone's settings.
# Each check prints PASS, FAIL or SKIP (with the reason: a feature the tree does not have yet).
set -uo pipefail
cd "$(dirname "$0")/.."

BUNDLE=${1:-dist/prompter}
PYTHON=.venv/bin/python
STUDIO=$BUNDLE/prompter-studio
CLI=$BUNDLE/prompter
DATA=$BUNDLE/_internal
SCENARIO=$DATA/scenarios/analyst_bot
STARTUP_SECONDS=${SMOKE_STARTUP_SECONDS:-20}
failures=0

pass() { printf '\033[32mPASS\033[0m %s\n' "$*"; }
fail() { printf '\033[31mFAIL\033[0m %s\n' "$*"; failures=$((failures + 1)); }
skip() { printf '\033[33mSKIP\033[0m %s\n' "$*"; }

[[ -x $STUDIO && -x $CLI ]] || { echo "no bundle at $BUNDLE: run packaging/build.sh first" >&2; exit 2; }
REPO=$PWD
BUNDLE=$(realpath "$BUNDLE"); STUDIO=$BUNDLE/prompter-studio; CLI=$BUNDLE/prompter
DATA=$BUNDLE/_internal; SCENARIO=$DATA/scenarios/analyst_bot; PYTHON=$REPO/$PYTHON

sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT
export HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/home/.config XDG_DATA_HOME=$sandbox/home/.local/share
export XDG_CACHE_HOME=$sandbox/home/.cache XDG_RUNTIME_DIR=$sandbox/runtime
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export QT_QPA_PLATFORM=offscreen PYTHON_KEYRING_BACKEND=keyring.backends.null.Keyring
unset OPENAI_API_KEY OPENAI_BASE_URL OPENAI_ORG_ID OPENAI_PROJECT_ID PYTHONPATH PYTHONHOME
# Run from elsewhere, so the bundle cannot lean on the repository in the working directory.
cd "$sandbox"

# Anything the checks below write inside the bundle is a bug (it may be installed read-only).
marker=$sandbox/started
touch "$marker"

# 1. The command line starts and knows its version.
if version=$("$CLI" --version 2>&1); then pass "prompter --version: $version"
else fail "prompter --version exited non-zero: $version"; fi

# 2. The shipped scenarios are inside the bundle, and the frozen engine finds and accepts them.
if [[ -f $SCENARIO/scenario.yaml ]]; then pass "the analyst bot is bundled ($SCENARIO)"
else fail "the analyst bot is missing from $DATA/scenarios"; fi
cli_help=$("$CLI" --help 2>&1)
if grep -qw validate <<<"$cli_help"; then
    if output=$("$CLI" validate "$SCENARIO" 2>&1); then pass "prompter validate analyst_bot"
    else fail "prompter validate analyst_bot: $output"; fi
else skip "prompter has no 'validate' command"; fi

# 3. A scripted chat with the default scenario: the frozen engine finds the analyst bot and the
#    price table through engine.io.resources (chat stops at once when prices.yaml is missing), no
#    key; a scripted reply is synthetic, so it is counted as a call and costs nothing.
if grep -qw chat <<<"$cli_help"; then
    printf -- '- {message: "Hello from the smoke test", transition: stay, results: {}, summary: ""}\n' \
        >"$sandbox/script.yaml"
    if output=$(echo "hello" | timeout 60 "$CLI" chat --provider scripted \
                --script "$sandbox/script.yaml" --summary-json "$sandbox/summary.json" 2>&1) \
        && grep -q "Hello from the smoke test" <<<"$output" \
        && "$PYTHON" -c 'import json, sys; s = json.load(open(sys.argv[1]))
sys.exit(not (s["llm_calls"] == 1 and s["synthetic_calls"] == 1 and s["cost_usd"] == 0
             and s["path"]))' "$sandbox/summary.json"
    then pass "prompter chat (scripted) ran the default scenario, read the price table, cost nothing"
    else fail "prompter chat (scripted) failed:"; sed 's/^/    /' <<<"$output" | tail -10; fi
else skip "prompter has no 'chat' command"; fi

# 4. Export the analyst bot to draw.io: with the studio's option when it has one (that opens the
#    scenario in the studio's own code path), and with the command line when it has the command.
exported=0
check_export() {  # $1 = what exported, $2 = the file
    if [[ -s $2 ]] && "$PYTHON" "$REPO/packaging/check_drawio.py" "$2" "$SCENARIO"; then
        pass "$1 exported the analyst bot to draw.io ($(wc -c <"$2") bytes)"; exported=1
    else fail "$1 did not export a usable draw.io file"; fi
}
studio_help=$(timeout 60 "$STUDIO" --help 2>&1)
if grep -q -- --export-drawio <<<"$studio_help"; then
    out=$sandbox/studio.drawio
    if output=$(timeout 120 "$STUDIO" --export-drawio "$out" "$SCENARIO" 2>&1); then
        check_export "prompter-studio --export-drawio" "$out"
    else fail "prompter-studio --export-drawio exited non-zero: $output"; fi
else skip "prompter-studio has no --export-drawio option"; fi
if grep -qw export-drawio <<<"$cli_help"; then
    out=$sandbox/cli.drawio
    if output=$(timeout 120 "$CLI" export-drawio "$SCENARIO" --output "$out" 2>&1); then
        check_export "prompter export-drawio" "$out"
    else fail "prompter export-drawio exited non-zero: $output"; fi
else skip "prompter has no 'export-drawio' command"; fi
(( exported )) || skip "nothing exported to draw.io: the bundle has no exporter yet"

# 5. The studio opens the analyst bot offscreen and keeps running (no crash, no traceback).
log=$sandbox/studio.log
timeout "$STARTUP_SECONDS" "$STUDIO" "$SCENARIO" >"$log" 2>&1
status=$?
if [[ $status -eq 124 ]] && ! grep -q Traceback "$log"; then
    pass "prompter-studio opened the analyst bot and ran ${STARTUP_SECONDS}s offscreen"
else
    fail "prompter-studio stopped with status $status within ${STARTUP_SECONDS}s:"; sed 's/^/    /' "$log" | tail -20
fi

# 5b. The studio's languages and fonts travel with it: its French and Hindi translations, Qt's
#     own French one, the Noto fonts and their licence; a Hindi scenario opens under LANG=hi_IN
#     and its draw.io export names a font that draws Devanagari.
missing=()
for file in resources/i18n/prompter_fr.qm resources/i18n/prompter_hi.qm resources/i18n/qt_extra_hi.qm \
            resources/fonts/NotoSans-Regular.ttf resources/fonts/NotoSansDevanagari-Regular.ttf \
            resources/fonts/OFL.txt; do
    [[ -s $DATA/$file ]] || missing+=("$file")
done
[[ -n $(find "$DATA" -name qtbase_fr.qm -print -quit) ]] || missing+=("Qt's qtbase_fr.qm")
if (( ${#missing[@]} == 0 )); then pass "the translations (fr, hi), Qt's French and the Noto fonts are bundled"
else fail "missing from the bundle: ${missing[*]}"; fi
HINDI=$DATA/scenarios/clinic_appointment
out=$sandbox/hindi.drawio
if output=$(LANG=hi_IN.UTF-8 timeout 120 "$STUDIO" --export-drawio "$out" "$HINDI" 2>&1) \
    && grep -q "fontFamily=Noto Sans Devanagari;" "$out"; then
    pass "prompter-studio (LANG=hi_IN) exported the Hindi scenario with a Devanagari font"
else fail "the Hindi scenario did not export with a Devanagari font: $output"; fi

# 6. Try without a key: the key-free model ships, and a simulation of the analyst bot runs on it
#    (the studio's Simulate… uses the same engine.offline code when there is no key).
if output=$(timeout 180 "$CLI" simulate "$SCENARIO" --fake-model --runs 1 --jobs 3 -q \
            --out "$sandbox/simulation" 2>&1) \
    && "$PYTHON" -c 'import json, sys; r = json.load(open(sys.argv[1]))
c = r["conversations"]; sys.exit(not (c["reported"] == c["planned"] > 0 and c["failed"] == 0))' \
        "$sandbox/simulation/report.json"
then pass "prompter simulate --fake-model: $(ls "$sandbox/simulation/conversations" | wc -l) conversations without a key"
else fail "the key-free simulation failed:"; sed 's/^/    /' <<<"$output" | tail -10; fi

# 7. Running the bundle left nothing inside it, and it holds no key and no settings.
written=$(find "$BUNDLE" -newer "$marker" \( -type f -o -type d \) | head -20)
if [[ -z $written ]]; then pass "running the bundle wrote nothing into it"
else fail "running the bundle wrote into it:"; sed 's/^/    /' <<<"$written"; fi
if "$PYTHON" "$REPO/packaging/audit_bundle.py" "$BUNDLE"; then pass "no API key or settings in the bundle"
else fail "the bundle holds a key or settings (see above)"; fi

if (( failures )); then echo "smoke test: $failures check(s) failed"; exit 1; fi
echo "smoke test: all checks passed"
