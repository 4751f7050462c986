<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="hi" sourcelanguage="en">
<context>
    <name>ActionForm</name>
    <message>
        <source>line {line} is not &apos;Name: value&apos;</source>
        <translation>पंक्ति {line} &apos;Name: value&apos; के रूप में नहीं है</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>कार्रवाई</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Python फ़ंक्शन</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>HTTP अनुरोध</translation>
    </message>
    <message>
        <source>A function of the scenario&apos;s actions module (def or async def)</source>
        <translation>परिदृश्य के actions मॉड्यूल का एक फ़ंक्शन (def या async def)</translation>
    </message>
    <message>
        <source>Its host must be in actions.allow_hosts; {{variable}} is filled in</source>
        <translation>इसका होस्ट actions.allow_hosts में होना चाहिए; {{variable}} भरा जाता है</translation>
    </message>
    <message>
        <source>One &apos;Name: value&apos; per line. ${NAME} is read from the environment when the call is made, and never written to a log or a file</source>
        <translation>हर पंक्ति में एक &apos;Name: value&apos;। ${NAME} कॉल के समय वातावरण से पढ़ा जाता है, और कभी लॉग या फ़ाइल में नहीं लिखा जाता</translation>
    </message>
    <message>
        <source>The JSON body; a string that is exactly &quot;{{variable}}&quot; sends its value</source>
        <translation>JSON बॉडी; ठीक &quot;{{variable}}&quot; वाली स्ट्रिंग उसका मान भेजती है</translation>
    </message>
    <message>
        <source>variables handed to the call</source>
        <translation>कॉल को दिए जाने वाले चर</translation>
    </message>
    <message>
        <source>default (%s s)</source>
        <translation>डिफ़ॉल्ट (%s से.)</translation>
    </message>
    <message>
        <source>The conversation moves on by &apos;timeout&apos; when the call takes longer</source>
        <translation>कॉल इससे ज़्यादा समय ले तो बातचीत &apos;timeout&apos; से आगे बढ़ती है</translation>
    </message>
    <message>
        <source>Try it…</source>
        <translation>आज़माएँ…</translation>
    </message>
    <message>
        <source>Run the action with values you type</source>
        <translation>अपने लिखे मानों के साथ कार्रवाई चलाएँ</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>कॉल करता है</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>फ़ंक्शन</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>मेथड</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>हेडर</translation>
    </message>
    <message>
        <source>JSON body</source>
        <translation>JSON बॉडी</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>इनपुट</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>समय-सीमा</translation>
    </message>
    <message>
        <source>“%s” cannot be a function name</source>
        <translation>“%s” फ़ंक्शन का नाम नहीं हो सकता</translation>
    </message>
    <message>
        <source>Headers: %s</source>
        <translation>हेडर: %s</translation>
    </message>
    <message>
        <source>The JSON body is not JSON: %s</source>
        <translation>JSON बॉडी JSON नहीं है: %s</translation>
    </message>
    <message>
        <source>not a variable name: %s</source>
        <translation>चर का नाम नहीं: %s</translation>
    </message>
</context>
<context>
    <name>ActionTrust</name>
    <message>
        <source>its Python code (actions.py)</source>
        <translation>इसका Python कोड (actions.py)</translation>
    </message>
    <message>
        <source>HTTP requests to {hosts}</source>
        <translation>{hosts} को HTTP अनुरोध</translation>
    </message>
    <message>
        <source>sending your environment variables {names}</source>
        <translation>आपके पर्यावरण चर {names} भेजना</translation>
    </message>
</context>
<context>
    <name>AnalyticsShading</name>
    <message>
        <source>Violation rate</source>
        <translation>उल्लंघन दर</translation>
    </message>
    <message>
        <source>Corrections per visit</source>
        <translation>प्रति विज़िट सुधार</translation>
    </message>
    <message>
        <source>Cost per visit</source>
        <translation>प्रति विज़िट ख़र्च</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>विज़िट</translation>
    </message>
    <message>
        <source>Drop-off</source>
        <translation>बीच में छोड़ना</translation>
    </message>
    <message>
        <source>of model replies</source>
        <translation>मॉडल के जवाबों में से</translation>
    </message>
    <message>
        <source>per visit</source>
        <translation>प्रति विज़िट</translation>
    </message>
    <message>
        <source>USD per visit</source>
        <translation>USD प्रति विज़िट</translation>
    </message>
    <message>
        <source>visits</source>
        <translation>विज़िट</translation>
    </message>
    <message>
        <source>of conversations that reached it</source>
        <translation>यहाँ तक पहुँची बातचीतों में से</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>कोई डेटा नहीं</translation>
    </message>
    <message>
        <source>{count} violation(s)</source>
        <translation>{count} उल्लंघन</translation>
    </message>
    <message>
        <source>{measure}: {value}</source>
        <translation>{measure}: {value}</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turn(s), {calls} call(s)</source>
        <translation>{visits} विज़िट, {turns} दौर, {calls} कॉल</translation>
    </message>
    <message>
        <source>{corrections} correction(s), {fallbacks} fallback(s)</source>
        <translation>{corrections} सुधार, {fallbacks} वैकल्पिक संदेश</translation>
    </message>
    <message>
        <source>{cost}; {dropped} of {conversations} conversation(s) ended here unfinished</source>
        <translation>{cost}; {conversations} में से {dropped} बातचीत यहाँ अधूरी समाप्त हुई</translation>
    </message>
</context>
<context>
    <name>AnalyticsWindow</name>
    <message>
        <source>{name} — Prompter analytics</source>
        <translation>{name} — Prompter विश्लेषण</translation>
    </message>
    <message>
        <source>Analytics</source>
        <translation>विश्लेषण</translation>
    </message>
    <message>
        <source> Shade steps by: </source>
        <translation> चरणों को इसके अनुसार रंगें: </translation>
    </message>
    <message>
        <source>Add logs…</source>
        <translation>लॉग जोड़ें…</translation>
    </message>
    <message>
        <source>Read more logs (a folder, or files) into the figures</source>
        <translation>और लॉग (एक फ़ोल्डर या फ़ाइलें) आँकड़ों में पढ़ें</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>फिर से पढ़ें</translation>
    </message>
    <message>
        <source>Read the logs again (they may have grown)</source>
        <translation>लॉग फिर से पढ़ें (वे बढ़ गए हो सकते हैं)</translation>
    </message>
    <message>
        <source>Reading {count} location(s)…</source>
        <translation>{count} स्थान पढ़े जा रहे हैं…</translation>
    </message>
    <message>
        <source>Add a folder of conversation logs</source>
        <translation>बातचीत के लॉग का एक फ़ोल्डर जोड़ें</translation>
    </message>
    <message>
        <source>Reading logs… {done} of {total}</source>
        <translation>लॉग पढ़े जा रहे हैं… {total} में से {done}</translation>
    </message>
    <message>
        <source>{conversations} conversation(s) in {files} log(s), {finished} finished; {events} events; {cost}</source>
        <translation>{files} लॉग में {conversations} बातचीत, {finished} पूरी; {events} घटनाएँ; {cost}</translation>
    </message>
    <message>
        <source>{count} damaged line(s) skipped</source>
        <translation>{count} ख़राब पंक्तियाँ छोड़ी गईं</translation>
    </message>
    <message>
        <source>{count} file(s) unreadable</source>
        <translation>{count} फ़ाइलें पढ़ी नहीं जा सकीं</translation>
    </message>
    <message>
        <source>{count} step(s) not in this scenario</source>
        <translation>{count} चरण इस परिदृश्य में नहीं हैं</translation>
    </message>
</context>
<context>
    <name>ApiKeyStore</name>
    <message>
        <source>No API key</source>
        <translation>कोई API कुंजी नहीं</translation>
    </message>
    <message>
        <source>from {variable}</source>
        <translation>{variable} से</translation>
    </message>
    <message>
        <source>from the system keyring</source>
        <translation>सिस्टम कीरिंग से</translation>
    </message>
    <message>
        <source>typed this session (no system keyring: not kept)</source>
        <translation>इस सत्र में टाइप की गई (सिस्टम कीरिंग नहीं: रखी नहीं जाती)</translation>
    </message>
    <message>
        <source>API key …{end} {where}</source>
        <translation>API कुंजी …{end} {where}</translation>
    </message>
    <message>
        <source>API key {where}</source>
        <translation>API कुंजी {where}</translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message>
        <source>Actions are stubbed: you chose not to run this folder&apos;s actions ({what}).</source>
        <translation>कार्रवाइयाँ नकली रहती हैं: आपने इस फ़ोल्डर की कार्रवाइयाँ न चलाने का चुनाव किया ({what})।</translation>
    </message>
    <message>
        <source>This scenario&apos;s actions run with your rights: {what}. Until you trust this folder they are stubbed.</source>
        <translation>इस परिदृश्य की कार्रवाइयाँ आपके अधिकारों के साथ चलती हैं: {what}। जब तक आप इस फ़ोल्डर पर भरोसा नहीं करते, वे नकली रहती हैं।</translation>
    </message>
    <message>
        <source>Live actions</source>
        <translation>असली कार्रवाइयाँ</translation>
    </message>
    <message>
        <source>On: action steps run (Python actions once the folder is trusted). Off: they are answered by the stubs of the scenario&apos;s tests and tests/stubs.yaml</source>
        <translation>चालू: कार्रवाई वाले चरण चलते हैं (Python कार्रवाइयाँ फ़ोल्डर पर भरोसा होने के बाद)। बंद: उन्हें परिदृश्य के परीक्षणों और tests/stubs.yaml के नकली जवाब मिलते हैं</translation>
    </message>
    <message>
        <source>Trust this folder</source>
        <translation>इस फ़ोल्डर पर भरोसा करें</translation>
    </message>
    <message>
        <source>Keep stubbed</source>
        <translation>नकली ही रखें</translation>
    </message>
    <message>
        <source>tests/stubs.yaml has errors, so no stubs are used: %s</source>
        <translation>tests/stubs.yaml में त्रुटियाँ हैं, इसलिए कोई नकली जवाब इस्तेमाल नहीं होता: %s</translation>
    </message>
    <message>
        <source>Actions are stubbed: each action step answers with the stub the scenario&apos;s tests or tests/stubs.yaml give it (Live actions runs them).</source>
        <translation>कार्रवाइयाँ नकली हैं: हर कार्रवाई वाला चरण परिदृश्य के परीक्षणों या tests/stubs.yaml से मिला नकली जवाब देता है (असली कार्रवाइयाँ उन्हें चलाता है)।</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>The scenario changed since this conversation started. Restart to chat with it.</source>
        <translation>यह बातचीत शुरू होने के बाद परिदृश्य बदल गया। उससे बात करने के लिए फिर से शुरू करें।</translation>
    </message>
    <message>
        <source>Open a scenario to chat with it.</source>
        <translation>बात करने के लिए कोई परिदृश्य खोलें।</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>फिर से शुरू करें</translation>
    </message>
    <message>
        <source>Start a new conversation on the scenario as it is now</source>
        <translation>परिदृश्य की मौजूदा स्थिति पर नई बातचीत शुरू करें</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>सेटिंग्स…</translation>
    </message>
    <message>
        <source>What answers: a model, the fake model or a reply script; the API key</source>
        <translation>कौन जवाब देता है: मॉडल, नकली मॉडल या जवाबों की स्क्रिप्ट; API कुंजी</translation>
    </message>
    <message>
        <source>Show System Events</source>
        <translation>सिस्टम घटनाएँ दिखाएँ</translation>
    </message>
    <message>
        <source>Fold out the engine&apos;s events between the bubbles</source>
        <translation>बुलबुलों के बीच इंजन की घटनाएँ खोलकर दिखाएँ</translation>
    </message>
    <message>
        <source>Open in Log Viewer</source>
        <translation>लॉग व्यूअर में खोलें</translation>
    </message>
    <message>
        <source>Open this conversation&apos;s log in the log viewer</source>
        <translation>इस बातचीत का लॉग लॉग व्यूअर में खोलें</translation>
    </message>
    <message>
        <source>Save Log As…</source>
        <translation>लॉग इस रूप में सहेजें…</translation>
    </message>
    <message>
        <source>Keep a copy of this conversation&apos;s log where you choose</source>
        <translation>इस बातचीत के लॉग की एक प्रति अपनी चुनी जगह पर रखें</translation>
    </message>
    <message>
        <source>Show Folder</source>
        <translation>फ़ोल्डर दिखाएँ</translation>
    </message>
    <message>
        <source>Open the folder the test chat&apos;s logs are written to</source>
        <translation>वह फ़ोल्डर खोलें जिसमें परीक्षण बातचीत के लॉग लिखे जाते हैं</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>लॉग</translation>
    </message>
    <message>
        <source>This conversation&apos;s log: open it in the viewer, save a copy, show its folder</source>
        <translation>इस बातचीत का लॉग: व्यूअर में खोलें, प्रति सहेजें, उसका फ़ोल्डर दिखाएँ</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>ठीक है</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>फिर कोशिश करें</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>संदेश बदलें</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>हटाएँ</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>भेजें</translation>
    </message>
    <message>
        <source>Reply script: {path}</source>
        <translation>जवाबों की स्क्रिप्ट: {path}</translation>
    </message>
    <message>
        <source>Continues at reply {number}</source>
        <translation>जवाब {number} से आगे चलती है</translation>
    </message>
    <message>
        <source>Remembered for this scenario</source>
        <translation>इस परिदृश्य के लिए याद रखा गया</translation>
    </message>
    <message>
        <source>Cannot start the conversation: {error}</source>
        <translation>बातचीत शुरू नहीं हो सकती: {error}</translation>
    </message>
    <message>
        <source>&lt;b&gt;No OpenAI API key.&lt;/b&gt; Try without a model — replies made up from the scenario&apos;s own steps, costs nothing.</source>
        <translation>&lt;b&gt;कोई OpenAI API कुंजी नहीं।&lt;/b&gt; बिना मॉडल के आज़माएँ — जवाब परिदृश्य के अपने चरणों से बनाए जाते हैं, कोई ख़र्च नहीं।</translation>
    </message>
    <message>
        <source>To chat with a real model, set {variable} before starting the studio, or add a key in Settings… (kept in the system keyring when there is one, never in a file). Other ways without a key: a reply script of your own, or one created for this scenario.</source>
        <translation>असली मॉडल से बात करने के लिए स्टूडियो शुरू करने से पहले {variable} सेट करें, या सेटिंग्स… में कुंजी जोड़ें (सिस्टम कीरिंग हो तो उसमें रखी जाती है, फ़ाइल में कभी नहीं)। बिना कुंजी के दूसरे तरीके: अपनी जवाबों की स्क्रिप्ट, या इस परिदृश्य के लिए बनाई गई स्क्रिप्ट।</translation>
    </message>
    <message>
        <source>&lt;b&gt;The chat cannot start:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;बातचीत शुरू नहीं हो सकती:&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Forked from turn {turn} of a logged conversation: it goes on here, in a new log. Type the next message.</source>
        <translation>लॉग की गई बातचीत के दौर {turn} से अलग की गई: यह यहाँ एक नए लॉग में आगे चलती है। अगला संदेश लिखें।</translation>
    </message>
    <message>
        <source>The scenario loads again. Restart to chat with it as it is now.</source>
        <translation>परिदृश्य फिर से लोड होता है। उसकी मौजूदा स्थिति से बात करने के लिए फिर से शुरू करें।</translation>
    </message>
    <message>
        <source>The conversation could not start</source>
        <translation>बातचीत शुरू नहीं हो सकी</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>कोई जवाब नहीं</translation>
    </message>
    <message>
        <source>&lt;b&gt;{lead}&lt;/b&gt; — nothing was changed, your message is kept.&lt;br&gt;{error}</source>
        <translation>&lt;b&gt;{lead}&lt;/b&gt; — कुछ नहीं बदला, आपका संदेश रखा गया है।&lt;br&gt;{error}</translation>
    </message>
    <message>
        <source>Send the same message again</source>
        <translation>वही संदेश फिर से भेजें</translation>
    </message>
    <message>
        <source>This error is unlikely to go away by retrying; check the settings</source>
        <translation>दोबारा कोशिश करने से यह त्रुटि शायद नहीं जाएगी; सेटिंग्स जाँचें</translation>
    </message>
    <message>
        <source>The conversation has ended — Restart to begin again</source>
        <translation>बातचीत ख़त्म हो गई — दोबारा शुरू करने के लिए फिर से शुरू करें दबाएँ</translation>
    </message>
    <message>
        <source>Type a message — Enter sends, Shift+Enter for a new line</source>
        <translation>संदेश लिखें — Enter भेजता है, नई पंक्ति के लिए Shift+Enter</translation>
    </message>
</context>
<context>
    <name>ChatSettings</name>
    <message>
        <source>Reply script · none chosen</source>
        <translation>उत्तर स्क्रिप्ट · कोई नहीं चुनी गई</translation>
    </message>
    <message>
        <source>Reply script · {path}</source>
        <translation>उत्तर स्क्रिप्ट · {path}</translation>
    </message>
    <message>
        <source>Fake model · replies made up from the scenario&apos;s steps, not a model&apos;s · no key, no cost</source>
        <translation>नकली मॉडल · जवाब परिदृश्य के चरणों से गढ़े गए, किसी मॉडल के नहीं · बिना कुंजी, बिना लागत</translation>
    </message>
    <message>
        <source>schema enforced (json_schema)</source>
        <translation>स्कीमा लागू (json_schema)</translation>
    </message>
    <message>
        <source>server not checked: replies checked after the fact</source>
        <translation>सर्वर जाँचा नहीं गया: उत्तर बाद में जाँचे जाते हैं</translation>
    </message>
</context>
<context>
    <name>ChatSettingsDialog</name>
    <message>
        <source>Anthropic Messages API (Claude; key from ANTHROPIC_API_KEY)</source>
        <translation>Anthropic Messages API (Claude; कुंजी ANTHROPIC_API_KEY से)</translation>
    </message>
    <message>
        <source>Gemini API (key from GEMINI_API_KEY)</source>
        <translation>Gemini API (कुंजी GEMINI_API_KEY से)</translation>
    </message>
    <message>
        <source>OpenAI Responses API (chained, cheapest)</source>
        <translation>OpenAI Responses API (जुड़ी हुई, सबसे सस्ती)</translation>
    </message>
    <message>
        <source>Chat Completions (any OpenAI-compatible server)</source>
        <translation>Chat Completions (कोई भी OpenAI-संगत सर्वर)</translation>
    </message>
    <message>
        <source>Try without a model — replies made up from the scenario&apos;s own steps, costs nothing</source>
        <translation>बिना मॉडल के आज़माएँ — जवाब परिदृश्य के अपने चरणों से बनते हैं, कोई ख़र्च नहीं</translation>
    </message>
    <message>
        <source>Reply script — replies read from a file, costs nothing</source>
        <translation>जवाबों की स्क्रिप्ट — जवाब एक फ़ाइल से पढ़े जाते हैं, कोई ख़र्च नहीं</translation>
    </message>
    <message>
        <source>Test chat settings</source>
        <translation>परीक्षण बातचीत की सेटिंग्स</translation>
    </message>
    <message>
        <source>the scenario&apos;s model ({model})</source>
        <translation>परिदृश्य का मॉडल ({model})</translation>
    </message>
    <message>
        <source>default (OPENAI_BASE_URL or api.openai.com)</source>
        <translation>डिफ़ॉल्ट (OPENAI_BASE_URL या api.openai.com)</translation>
    </message>
    <message>
        <source>a YAML or JSONL file of replies</source>
        <translation>जवाबों की YAML या JSONL फ़ाइल</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>ब्राउज़ करें…</translation>
    </message>
    <message>
        <source>Create for This Scenario…</source>
        <translation>इस परिदृश्य के लिए बनाएँ…</translation>
    </message>
    <message>
        <source>Write a script pre-filled with the scenario&apos;s signals and results, and open it</source>
        <translation>परिदृश्य के संकेतों और परिणामों से पहले से भरी स्क्रिप्ट लिखें और उसे खोलें</translation>
    </message>
    <message>
        <source>sk-… (leave empty to keep the current key)</source>
        <translation>sk-… (मौजूदा कुंजी रखने के लिए ख़ाली छोड़ें)</translation>
    </message>
    <message>
        <source>Forget stored key</source>
        <translation>सहेजी गई कुंजी भूलें</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>प्रदाता</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>सर्वर</translation>
    </message>
    <message>
        <source>Reply script</source>
        <translation>जवाबों की स्क्रिप्ट</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API कुंजी</translation>
    </message>
    <message>
        <source>A key typed here is kept in the system keyring.</source>
        <translation>यहाँ टाइप की गई कुंजी सिस्टम कीरिंग में रखी जाती है।</translation>
    </message>
    <message>
        <source>No system keyring here: a key typed here is kept for this session only (set {variable} to keep one).</source>
        <translation>यहाँ सिस्टम कीरिंग नहीं है: यहाँ टाइप की गई कुंजी केवल इस सत्र के लिए रखी जाती है (स्थायी रखने के लिए {variable} सेट करें)।</translation>
    </message>
    <message>
        <source>{key}. {where}</source>
        <translation>{key}। {where}</translation>
    </message>
    <message>
        <source>Scripts (*.yaml *.yml *.jsonl *.ndjson)</source>
        <translation>स्क्रिप्ट (*.yaml *.yml *.jsonl *.ndjson)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> सेकंड</translation>
    </message>
    <message>
        <source>Ask the server, in a few small calls, what it does with this model: whether it holds replies to the schema, chains them, reports usage when streaming</source>
        <translation>कुछ छोटी कॉलों में सर्वर से पूछें कि वह इस मॉडल के साथ क्या करता है: क्या वह उत्तरों को स्कीमा में रखता है, उन्हें जोड़ता है, स्ट्रीमिंग में उपयोग बताता है</translation>
    </message>
    <message>
        <source>Check This Server</source>
        <translation>यह सर्वर जाँचें</translation>
    </message>
    <message>
        <source>Checking {server} with {model}…</source>
        <translation>{model} के साथ {server} की जाँच हो रही है…</translation>
    </message>
    <message>
        <source>Output cap (tokens)</source>
        <translation>आउटपुट सीमा (टोकन)</translation>
    </message>
    <message>
        <source>The check failed: {error}</source>
        <translation>जाँच विफल रही: {error}</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>समय-सीमा</translation>
    </message>
    <message>
        <source>default (60 s)</source>
        <translation>डिफ़ॉल्ट (60 सेकंड)</translation>
    </message>
    <message>
        <source>the default server</source>
        <translation>डिफ़ॉल्ट सर्वर</translation>
    </message>
    <message>
        <source>the scenario's</source>
        <translation>परिदृश्य की</translation>
    </message>
</context>
<context>
    <name>ChatTestSaver</name>
    <message>
        <source>Save as test…</source>
        <translation>परीक्षण के रूप में सहेजें…</translation>
    </message>
    <message>
        <source>Save this conversation as a test of the scenario: its messages, what happened after each (as expectations) and the model&apos;s replies (replayed without a key)</source>
        <translation>इस बातचीत को परिदृश्य के परीक्षण के रूप में सहेजें: इसके संदेश, हर संदेश के बाद क्या हुआ (अपेक्षाओं के रूप में) और मॉडल के जवाब (बिना कुंजी के दोबारा चलाए जाते हैं)</translation>
    </message>
    <message>
        <source>Open a scenario first: the test is saved into it.</source>
        <translation>पहले कोई परिदृश्य खोलें: परीक्षण उसी में सहेजा जाता है।</translation>
    </message>
    <message>
        <source>scenario.yaml does not load, so the chat cannot be checked against it. Fix it first (see Problems).</source>
        <translation>scenario.yaml लोड नहीं हो रहा, इसलिए बातचीत को उससे जाँचा नहीं जा सकता। पहले उसे ठीक करें (समस्याएँ देखें)।</translation>
    </message>
    <message>
        <source>There is nothing to save yet: send at least one message and wait for the answer.</source>
        <translation>अभी सहेजने को कुछ नहीं है: कम से कम एक संदेश भेजें और जवाब का इंतज़ार करें।</translation>
    </message>
    <message>
        <source>The chat could not be played again: {error}</source>
        <translation>बातचीत दोबारा नहीं चलाई जा सकी: {error}</translation>
    </message>
    <message>
        <source>The scenario was edited after this conversation, and the model would now be asked something else ({where}). Its recorded replies answered the old version, so a test made of them would prove nothing. Restart the chat, have the conversation again, then save it.</source>
        <translation>इस बातचीत के बाद परिदृश्य बदला गया है, और अब मॉडल से कुछ और पूछा जाएगा ({where})। इसके रिकॉर्ड किए गए जवाब पुराने संस्करण के थे, इसलिए उनसे बना परीक्षण कुछ साबित नहीं करेगा। बातचीत फिर से शुरू करें, उसे दोबारा करें, फिर सहेजें।</translation>
    </message>
    <message>
        <source>Save chat as test {file}</source>
        <translation>बातचीत को परीक्षण {file} के रूप में सहेजें</translation>
    </message>
    <message>
        <source>The test could not be added: {error}</source>
        <translation>परीक्षण जोड़ा नहीं जा सका: {error}</translation>
    </message>
    <message>
        <source>Save chat as test</source>
        <translation>बातचीत को परीक्षण के रूप में सहेजें</translation>
    </message>
    <message>
        <source>This conversation was forked from a logged one, so it does not start at the scenario&apos;s start — and a test always does. Save the conversation it was forked from instead, or restart the chat and have it from the beginning.</source>
        <translation>यह बातचीत लॉग की गई किसी बातचीत से निकाली गई है, इसलिए यह परिदृश्य की शुरुआत से शुरू नहीं होती — और परीक्षण हमेशा वहीं से शुरू होता है। इसके बजाय मूल बातचीत सहेजें, या बातचीत फिर से शुरू करके शुरुआत से करें।</translation>
    </message>
    <message>
        <source>The scenario as it is now does not play this conversation the same way (it was edited since): {reason}.</source>
        <translation>परिदृश्य अपने मौजूदा रूप में यह बातचीत उसी तरह नहीं चलाता (तब से इसे बदला गया है): {reason}।</translation>
    </message>
    <message>
        <source>This chat cannot be saved as a test: {reason}.</source>
        <translation>यह बातचीत परीक्षण के रूप में सहेजी नहीं जा सकती: {reason}।</translation>
    </message>
</context>
<context>
    <name>ChatWindow</name>
    <message>
        <source>{scenario} — Prompter test chat</source>
        <translation>{scenario} — Prompter परीक्षण बातचीत</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>the log does not say where its scenario is; open the scenario in the studio and fork from its File → Open Log</source>
        <translation>लॉग यह नहीं बताता कि उसका परिदृश्य कहाँ है; परिदृश्य को स्टूडियो में खोलें और उसके फ़ाइल → लॉग खोलें से अलग करें</translation>
    </message>
    <message>
        <source>the log&apos;s scenario folder {folder} does not exist any more</source>
        <translation>लॉग के परिदृश्य का फ़ोल्डर {folder} अब मौजूद नहीं है</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Remove {file}</source>
        <translation>{file} हटाएँ</translation>
    </message>
    <message>
        <source>Move {old} to {new}</source>
        <translation>{old} को {new} पर ले जाएँ</translation>
    </message>
    <message>
        <source>Rename step &apos;{old}&apos; to &apos;{new}&apos;</source>
        <translation>चरण &apos;{old}&apos; का नाम बदलकर &apos;{new}&apos; करें</translation>
    </message>
    <message>
        <source>Type in {file}</source>
        <translation>{file} में लिखना</translation>
    </message>
    <message>
        <source>Type in scenario.yaml</source>
        <translation>scenario.yaml में लिखना</translation>
    </message>
    <message>
        <source>Move steps</source>
        <translation>चरण खिसकाएँ</translation>
    </message>
    <message>
        <source>Add step &apos;{step}&apos;</source>
        <translation>चरण &apos;{step}&apos; जोड़ें</translation>
    </message>
    <message>
        <source>Delete step &apos;{step}&apos;</source>
        <translation>चरण &apos;{step}&apos; हटाएँ</translation>
    </message>
    <message>
        <source>Delete {count} steps</source>
        <translation>{count} चरण हटाएँ</translation>
    </message>
    <message>
        <source>Connect &apos;{source}&apos; → &apos;{target}&apos; (signal &apos;{signal}&apos;)</source>
        <translation>&apos;{source}&apos; → &apos;{target}&apos; जोड़ें (संकेत &apos;{signal}&apos;)</translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>अपने-आप व्यवस्था</translation>
    </message>
    <message>
        <source>Place steps</source>
        <translation>चरण जगह पर रखें</translation>
    </message>
    <message>
        <source>title</source>
        <translation>शीर्षक</translation>
    </message>
    <message>
        <source>goal</source>
        <translation>लक्ष्य</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>प्रकार</translation>
    </message>
    <message>
        <source>final</source>
        <translation>अंतिम</translation>
    </message>
    <message>
        <source>on enter</source>
        <translation>प्रवेश पर</translation>
    </message>
    <message>
        <source>instruction file</source>
        <translation>निर्देश फ़ाइल</translation>
    </message>
    <message>
        <source>text</source>
        <translation>पाठ</translation>
    </message>
    <message>
        <source>description</source>
        <translation>विवरण</translation>
    </message>
    <message>
        <source>guard</source>
        <translation>शर्त</translation>
    </message>
    <message>
        <source>target</source>
        <translation>लक्ष्य चरण</translation>
    </message>
    <message>
        <source>type</source>
        <translation>टाइप</translation>
    </message>
    <message>
        <source>required</source>
        <translation>अनिवार्य</translation>
    </message>
    <message>
        <source>values</source>
        <translation>मान</translation>
    </message>
    <message>
        <source>default</source>
        <translation>डिफ़ॉल्ट</translation>
    </message>
    <message>
        <source>name</source>
        <translation>नाम</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>तापमान</translation>
    </message>
    <message>
        <source>call</source>
        <translation>कॉल</translation>
    </message>
    <message>
        <source>function</source>
        <translation>फ़ंक्शन</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>HTTP अनुरोध</translation>
    </message>
    <message>
        <source>method</source>
        <translation>मेथड</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL पता</translation>
    </message>
    <message>
        <source>headers</source>
        <translation>हेडर</translation>
    </message>
    <message>
        <source>JSON body</source>
        <translation>JSON बॉडी</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>इनपुट</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>समय-सीमा</translation>
    </message>
    <message>
        <source>the scenario&apos;s title</source>
        <translation>परिदृश्य का शीर्षक</translation>
    </message>
    <message>
        <source>the start step</source>
        <translation>शुरुआती चरण</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>the persona file</source>
        <translation>पर्सोना फ़ाइल</translation>
    </message>
    <message>
        <source>the contract settings</source>
        <translation>अनुबंध की सेटिंग</translation>
    </message>
    <message>
        <source>the name</source>
        <translation>नाम</translation>
    </message>
    <message>
        <source>the scenario&apos;s description</source>
        <translation>परिदृश्य का विवरण</translation>
    </message>
    <message>
        <source>the variables</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>the steps</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>signal &apos;{signal}&apos; of &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; का संकेत &apos;{signal}&apos;</translation>
    </message>
    <message>
        <source>result &apos;{result}&apos; of &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; का परिणाम &apos;{result}&apos;</translation>
    </message>
    <message>
        <source>step &apos;{step}&apos;</source>
        <translation>चरण &apos;{step}&apos;</translation>
    </message>
    <message>
        <source>variable &apos;{name}&apos;</source>
        <translation>चर &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation>परिदृश्य</translation>
    </message>
    <message>
        <source>Make &apos;{step}&apos; the start step</source>
        <translation>&apos;{step}&apos; को शुरुआती चरण बनाएँ</translation>
    </message>
    <message>
        <source>Change {what}</source>
        <translation>{what} बदलें</translation>
    </message>
    <message>
        <source>Replace {what}</source>
        <translation>{what} को बदलकर नया रखें</translation>
    </message>
    <message>
        <source>Point {what} to &apos;{target}&apos;</source>
        <translation>{what} को &apos;{target}&apos; की ओर मोड़ें</translation>
    </message>
    <message>
        <source>Mark {what} final</source>
        <translation>{what} को अंतिम चरण बनाएँ</translation>
    </message>
    <message>
        <source>Mark {what} not final</source>
        <translation>{what} को अंतिम चरण न रखें</translation>
    </message>
    <message>
        <source>Mark {what} required</source>
        <translation>{what} को अनिवार्य बनाएँ</translation>
    </message>
    <message>
        <source>Mark {what} not required</source>
        <translation>{what} को वैकल्पिक बनाएँ</translation>
    </message>
    <message>
        <source>Change the transitions of {what}</source>
        <translation>{what} के ट्रांज़िशन बदलें</translation>
    </message>
    <message>
        <source>Change the results of {what}</source>
        <translation>{what} के परिणाम बदलें</translation>
    </message>
    <message>
        <source>Change {field} of {what}</source>
        <translation>{what} में {field} बदलें</translation>
    </message>
    <message>
        <source>Delete {what}</source>
        <translation>{what} हटाएँ</translation>
    </message>
    <message>
        <source>Remove {what}</source>
        <translation>{what} हटाएँ</translation>
    </message>
    <message>
        <source>Clear {field} of {what}</source>
        <translation>{what} में {field} ख़ाली करें</translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation>{what} जोड़ें</translation>
    </message>
    <message>
        <source>Add signal &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; में संकेत &apos;{name}&apos; जोड़ें</translation>
    </message>
    <message>
        <source>Add result &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; में परिणाम &apos;{name}&apos; जोड़ें</translation>
    </message>
    <message>
        <source>Add {field} to {what}</source>
        <translation>{what} में {field} जोड़ें</translation>
    </message>
    <message>
        <source>Rename {what} to &apos;{name}&apos;</source>
        <translation>{what} का नाम बदलकर &apos;{name}&apos; करें</translation>
    </message>
    <message>
        <source>Add {kind} step &apos;{step}&apos;</source>
        <translation>{kind} चरण &apos;{step}&apos; जोड़ें</translation>
    </message>
    <message>
        <source>Make &apos;{step}&apos; a {kind} step</source>
        <translation>&apos;{step}&apos; को {kind} चरण बनाएँ</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare with…</source>
        <translation>इससे तुलना करें…</translation>
    </message>
    <message>
        <source>Compare &lt;b&gt;{scenario}&lt;/b&gt; as it is open now (unsaved edits included) with:</source>
        <translation>&lt;b&gt;{scenario}&lt;/b&gt; की अभी खुली स्थिति (बिना सहेजे बदलावों समेत) की तुलना इससे करें:</translation>
    </message>
    <message>
        <source>A git revision of this scenario</source>
        <translation>इस परिदृश्य का एक git संशोधन</translation>
    </message>
    <message>
        <source>Another folder</source>
        <translation>कोई दूसरा फ़ोल्डर</translation>
    </message>
    <message>
        <source>a scenario folder</source>
        <translation>एक परिदृश्य फ़ोल्डर</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>ब्राउज़ करें…</translation>
    </message>
    <message>
        <source>A git revision (this scenario has never been committed)</source>
        <translation>एक git संशोधन (यह परिदृश्य कभी कमिट नहीं हुआ)</translation>
    </message>
    <message>
        <source>A git revision (this folder is not in a git repository)</source>
        <translation>एक git संशोधन (यह फ़ोल्डर किसी git रिपॉज़िटरी में नहीं है)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>तुलना करें</translation>
    </message>
    <message>
        <source>A scenario folder to compare with</source>
        <translation>तुलना के लिए एक परिदृश्य फ़ोल्डर</translation>
    </message>
</context>
<context>
    <name>CompareMarks</name>
    <message>
        <source>added</source>
        <translation>जोड़ा गया</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>हटाया गया</translation>
    </message>
    <message>
        <source>renamed</source>
        <translation>नाम बदला गया</translation>
    </message>
    <message>
        <source>retargeted</source>
        <translation>नया लक्ष्य</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>बदला गया</translation>
    </message>
    <message>
        <source>arrow added / removed / changed</source>
        <translation>तीर जोड़ा / हटाया / बदला गया</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>अंतर</translation>
    </message>
    <message>
        <source>faded: unchanged</source>
        <translation>धुँधला: अपरिवर्तित</translation>
    </message>
    <message>
        <source>&lt;b&gt;renamed&lt;/b&gt; from &lt;code&gt;{step}&lt;/code&gt;</source>
        <translation>&lt;code&gt;{step}&lt;/code&gt; से &lt;b&gt;नाम बदला गया&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{count} result(s)</source>
        <translation>{count} परिणाम</translation>
    </message>
    <message>
        <source>{count} transition(s)</source>
        <translation>{count} transitions</translation>
    </message>
    <message>
        <source>instructions +{added} -{removed}</source>
        <translation>निर्देश +{added} -{removed}</translation>
    </message>
</context>
<context>
    <name>CompareWindow</name>
    <message>
        <source>{old} → {new} — Prompter compare</source>
        <translation>{old} → {new} — Prompter तुलना</translation>
    </message>
    <message>
        <source>The two versions are the same.</source>
        <translation>दोनों संस्करण एक जैसे हैं।</translation>
    </message>
    <message>
        <source>{step}: the same in both versions.</source>
        <translation>{step}: दोनों संस्करणों में एक जैसा।</translation>
    </message>
    <message>
        <source>settings changed</source>
        <translation>सेटिंग बदलीं</translation>
    </message>
    <message>
        <source>{count} variable(s) changed</source>
        <translation>{count} चर बदले</translation>
    </message>
    <message>
        <source>Steps: {changes}</source>
        <translation>चरण: {changes}</translation>
    </message>
    <message>
        <source>The scenario is the same</source>
        <translation>परिदृश्य एक जैसा है</translation>
    </message>
    <message>
        <source>; the layout changed too</source>
        <translation>; लेआउट भी बदला</translation>
    </message>
    <message>
        <source>; only the layout changed</source>
        <translation>; केवल लेआउट बदला</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Copy as JSON</source>
        <translation>JSON के रूप में कॉपी करें</translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation>पाठ कॉपी करें</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>समेटें</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>खोलें</translation>
    </message>
    <message>
        <source>Inspect model call…</source>
        <translation>मॉडल कॉल की जाँच करें…</translation>
    </message>
</context>
<context>
    <name>ConversationsPart</name>
    <message>
        <source>Conversation #{index} has no log: it never started.</source>
        <translation>बातचीत #{index} का कोई लॉग नहीं: वह कभी शुरू नहीं हुई।</translation>
    </message>
    <message>
        <source>Save as test</source>
        <translation>परीक्षण के रूप में सहेजें</translation>
    </message>
    <message>
        <source>Conversation #{index} never started: there is nothing to save.</source>
        <translation>बातचीत #{index} कभी शुरू नहीं हुई: सहेजने को कुछ नहीं है।</translation>
    </message>
    <message>
        <source>Name of the test:</source>
        <translation>परीक्षण का नाम:</translation>
    </message>
    <message>
        <source>{persona}, simulated #{index}</source>
        <translation>{persona}, सिम्युलेटेड #{index}</translation>
    </message>
    <message>
        <source>Saving conversation #{index} as a test…</source>
        <translation>बातचीत #{index} परीक्षण के रूप में सहेजी जा रही है…</translation>
    </message>
    <message>
        <source>Saved {file} and its cassette</source>
        <translation>{file} और उसकी कैसेट सहेजी गई</translation>
    </message>
    <message>
        <source>Saved {file} with its cassette. It replays without a model: {command}</source>
        <translation>{file} उसकी कैसेट के साथ सहेजी गई। यह बिना मॉडल के दोबारा चलती है: {command}</translation>
    </message>
    <message>
        <source>The conversation was not saved as a test: {message}</source>
        <translation>बातचीत परीक्षण के रूप में नहीं सहेजी गई: {message}</translation>
    </message>
</context>
<context>
    <name>Coverage</name>
    <message>
        <source>No test enters this step.</source>
        <translation>कोई परीक्षण इस चरण में नहीं जाता।</translation>
    </message>
    <message>
        <source>No test fills:</source>
        <translation>कोई परीक्षण नहीं भरता:</translation>
    </message>
    <message>
        <source>No test takes this transition.</source>
        <translation>कोई परीक्षण यह ट्रांज़िशन नहीं लेता।</translation>
    </message>
    <message>
        <source>steps {ratio}</source>
        <translation>चरण {ratio}</translation>
    </message>
    <message>
        <source>signals {ratio}</source>
        <translation>संकेत {ratio}</translation>
    </message>
    <message>
        <source>results {ratio}</source>
        <translation>परिणाम {ratio}</translation>
    </message>
    <message>
        <source>Test coverage: what no test exercises</source>
        <translation>परीक्षण कवरेज: जिसे कोई परीक्षण नहीं जाँचता</translation>
    </message>
    <message>
        <source>step no test enters</source>
        <translation>चरण जिसमें कोई परीक्षण नहीं जाता</translation>
    </message>
    <message>
        <source>a result no test fills</source>
        <translation>परिणाम जिसे कोई परीक्षण नहीं भरता</translation>
    </message>
    <message>
        <source>transition no test takes</source>
        <translation>ट्रांज़िशन जिसे कोई परीक्षण नहीं लेता</translation>
    </message>
    <message>
        <source>covered: {figures}</source>
        <translation>कवर: {figures}</translation>
    </message>
    <message>
        <source>{names} and {count} more</source>
        <translation>{names} और {count} अन्य</translation>
    </message>
    <message>
        <source>Covered by {names}</source>
        <translation>{names} से कवर</translation>
    </message>
</context>
<context>
    <name>DiffList</name>
    <message>
        <source>Steps ({count})</source>
        <translation>चरण ({count})</translation>
    </message>
    <message>
        <source>Scenario settings ({count})</source>
        <translation>परिदृश्य की सेटिंग ({count})</translation>
    </message>
    <message>
        <source>Variables ({count})</source>
        <translation>चर ({count})</translation>
    </message>
    <message>
        <source>Layout only: {count} step(s) moved</source>
        <translation>केवल लेआउट: {count} चरण खिसकाए गए</translation>
    </message>
    <message>
        <source>Layout only: saved positions changed</source>
        <translation>केवल लेआउट: सहेजी गई स्थितियाँ बदलीं</translation>
    </message>
    <message>
        <source>{count} result(s)</source>
        <translation>{count} परिणाम</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>निर्देश</translation>
    </message>
</context>
<context>
    <name>DistributionCharts</name>
    <message>
        <source>Cost per conversation</source>
        <translation>प्रति बातचीत ख़र्च</translation>
    </message>
    <message>
        <source>Calls per message</source>
        <translation>प्रति संदेश कॉल</translation>
    </message>
    <message>
        <source>calls / message</source>
        <translation>कॉल / संदेश</translation>
    </message>
</context>
<context>
    <name>DocumentationWindow</name>
    <message>
        <source>Prompter documentation</source>
        <translation>Prompter दस्तावेज़</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>वापस</translation>
    </message>
    <message>
        <source>The documentation files were not found next to the program ({folder}).</source>
        <translation>दस्तावेज़ की फ़ाइलें प्रोग्राम के पास नहीं मिलीं ({folder})।</translation>
    </message>
</context>
<context>
    <name>EditSession</name>
    <message>
        <source>the validator failed: {error}</source>
        <translation>जाँचने वाला विफल रहा: {error}</translation>
    </message>
</context>
<context>
    <name>EventDelegate</name>
    <message>
        <source>Copy JSON</source>
        <translation>JSON कॉपी</translation>
    </message>
    <message>
        <source>… {count} more lines (Copy JSON for all)</source>
        <translation>… {count} और पंक्तियाँ (सब के लिए JSON कॉपी)</translation>
    </message>
    <message>
        <source>Turn {turn} · {step}</source>
        <translation>दौर {turn} · {step}</translation>
    </message>
</context>
<context>
    <name>EventListModel</name>
    <message>
        <source>Click to unfold · right-click to copy as JSON</source>
        <translation>खोलने के लिए क्लिक करें · JSON के रूप में कॉपी करने के लिए राइट-क्लिक करें</translation>
    </message>
</context>
<context>
    <name>EventSummary</name>
    <message>
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <source>{input} in ({cached} cached) · {output} out</source>
        <translation>{input} इनपुट ({cached} कैश में) · {output} आउटपुट</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>तय नहीं</translation>
    </message>
    <message>
        <source>Session started · {title} · {provider} / {model} · start: {step}</source>
        <translation>सत्र शुरू · {title} · {provider} / {model} · शुरुआत: {step}</translation>
    </message>
    <message>
        <source>Model request · {purpose} #{attempt} · {model} · {chars} chars of instructions</source>
        <translation>मॉडल अनुरोध · {purpose} #{attempt} · {model} · निर्देशों के {chars} अक्षर</translation>
    </message>
    <message>
        <source>Model reply · {purpose} #{attempt}</source>
        <translation>मॉडल का जवाब · {purpose} #{attempt}</translation>
    </message>
    <message>
        <source>Contract violation · {kind} · {detail}</source>
        <translation>अनुबंध का उल्लंघन · {kind} · {detail}</translation>
    </message>
    <message>
        <source>Correction sent · attempt {attempt} · {text}</source>
        <translation>सुधार भेजा गया · प्रयास {attempt} · {text}</translation>
    </message>
    <message>
        <source>Provider changed format · {message}</source>
        <translation>प्रदाता ने प्रारूप बदला · {message}</translation>
    </message>
    <message>
        <source>Fallback message sent · {reason}</source>
        <translation>वैकल्पिक संदेश भेजा गया · {reason}</translation>
    </message>
    <message>
        <source>{name}: {old} → {new} · by {source}</source>
        <translation>{name}: {old} → {new} · {source} द्वारा</translation>
    </message>
    <message>
        <source>Step summary · {summary}</source>
        <translation>चरण का सारांश · {summary}</translation>
    </message>
    <message>
        <source>Transition · {source} → {target} on “{signal}”</source>
        <translation>संक्रमण · {source} → {target} “{signal}” पर</translation>
    </message>
    <message>
        <source>Turn {turn} done · {calls} call(s), {corrections} correction(s) · {usage} · {cost}</source>
        <translation>दौर {turn} पूरा · {calls} कॉल, {corrections} सुधार · {usage} · {cost}</translation>
    </message>
    <message>
        <source>Error · {kind} · {message}</source>
        <translation>त्रुटि · {kind} · {message}</translation>
    </message>
    <message>
        <source>can retry</source>
        <translation>फिर कोशिश हो सकती है</translation>
    </message>
    <message>
        <source>Action call · {action}</source>
        <translation>कार्रवाई कॉल · {action}</translation>
    </message>
    <message>
        <source>Late action result (not applied)</source>
        <translation>कार्रवाई का देर से आया नतीजा (लागू नहीं)</translation>
    </message>
    <message>
        <source>Action result</source>
        <translation>कार्रवाई का नतीजा</translation>
    </message>
    <message>
        <source>Session ended · {reason}</source>
        <translation>सत्र समाप्त · {reason}</translation>
    </message>
    <message>
        <source>Moved to version {version} · step {old} → {new}</source>
        <translation>संस्करण {version} पर ले जाया गया · चरण {old} → {new}</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>correction</source>
        <translation>सुधार</translation>
    </message>
    <message>
        <source>step entry</source>
        <translation>चरण में प्रवेश</translation>
    </message>
    <message>
        <source>1 piece</source>
        <translation>1 टुकड़ा</translation>
    </message>
    <message>
        <source>{count} pieces</source>
        <translation>{count} टुकड़े</translation>
    </message>
    <message>
        <source>Message streamed · attempt {attempt} · {pieces} · {text}</source>
        <translation>संदेश धारा में भेजा गया · प्रयास {attempt} · {pieces} · {text}</translation>
    </message>
    <message>
        <source>the reply broke the contract; the correction streams</source>
        <translation>उत्तर ने अनुबंध तोड़ा; सुधार धारा में आ रहा है</translation>
    </message>
    <message>
        <source>the stream was cut; the call is made again</source>
        <translation>धारा कट गई; कॉल फिर से की जा रही है</translation>
    </message>
    <message>
        <source>the call failed</source>
        <translation>कॉल विफल रही</translation>
    </message>
    <message>
        <source>Streamed message taken back · {reason}</source>
        <translation>धारा में भेजा गया संदेश वापस लिया गया · {reason}</translation>
    </message>
    <message>
        <source>seq {seq} · turn {turn} · step {step}</source>
        <translation>क्रम {seq} · दौर {turn} · चरण {step}</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(ख़ाली)</translation>
    </message>
</context>
<context>
    <name>EventTableModel</name>
    <message>
        <source>Time</source>
        <translation>समय</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>घटना</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>सारांश</translation>
    </message>
    <message>
        <source>Double-click or Enter: inspect this model call</source>
        <translation>डबल-क्लिक या Enter: इस मॉडल कॉल की जाँच करें</translation>
    </message>
</context>
<context>
    <name>ExpectationPanel</name>
    <message>
        <source>(the test file is not available)</source>
        <translation>(परीक्षण फ़ाइल उपलब्ध नहीं है)</translation>
    </message>
    <message>
        <source>(nothing is expected at the end)</source>
        <translation>(अंत में कुछ अपेक्षित नहीं है)</translation>
    </message>
    <message>
        <source>(the opening: nothing is expected before the first message)</source>
        <translation>(शुरुआत: पहले संदेश से पहले कुछ अपेक्षित नहीं है)</translation>
    </message>
    <message>
        <source>bot: {reply}</source>
        <translation>बॉट: {reply}</translation>
    </message>
    <message>
        <source>What went wrong in this run:</source>
        <translation>इस रन में क्या गड़बड़ हुई:</translation>
    </message>
    <message>
        <source>test</source>
        <translation>परीक्षण</translation>
    </message>
    <message>
        <source>After the last turn, the test expects:</source>
        <translation>आख़िरी बारी के बाद परीक्षण अपेक्षा करता है:</translation>
    </message>
    <message>
        <source>At the opening:</source>
        <translation>शुरुआत में:</translation>
    </message>
    <message>
        <source>Turn {turn}: the test expects (the run stopped in this turn, which the log rolls back: it shows turn {last})</source>
        <translation>बारी {turn}: परीक्षण अपेक्षा करता है (रन इसी बारी में रुका, जिसे लॉग वापस ले लेता है: वह बारी {last} दिखाता है)</translation>
    </message>
    <message>
        <source>Turn {turn}: the test expects</source>
        <translation>बारी {turn}: परीक्षण अपेक्षा करता है</translation>
    </message>
    <message>
        <source>Test expectation</source>
        <translation>परीक्षण की अपेक्षा</translation>
    </message>
</context>
<context>
    <name>FileCommands</name>
    <message>
        <source>Cannot open the scenario</source>
        <translation>परिदृश्य नहीं खुल सका</translation>
    </message>
    <message>
        <source>The scenario has errors: see the Problems pane</source>
        <translation>परिदृश्य में त्रुटियाँ हैं: समस्याएँ पैनल देखें</translation>
    </message>
    <message>
        <source>Cannot create the scenario</source>
        <translation>परिदृश्य नहीं बन सका</translation>
    </message>
    <message>
        <source>Open a scenario folder</source>
        <translation>किसी परिदृश्य का फ़ोल्डर खोलें</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>सहेजा नहीं जा सका</translation>
    </message>
    <message>
        <source>Scenario folder recreated</source>
        <translation>परिदृश्य फ़ोल्डर फिर से बनाया गया</translation>
    </message>
    <message>
        <source>{folder} was gone from the disk. Every file the studio holds was written there again: {count} file(s).</source>
        <translation>{folder} डिस्क से हट गया था। स्टूडियो के पास मौजूद हर फ़ाइल वहाँ फिर से लिखी गई: {count} फ़ाइल(ें)।</translation>
    </message>
    <message>
        <source>Saved {count} file(s)</source>
        <translation>{count} फ़ाइल(ें) सहेजी गईं</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>सहेजने को कुछ नहीं</translation>
    </message>
    <message>
        <source>Save the scenario into folder</source>
        <translation>परिदृश्य इस फ़ोल्डर में सहेजें</translation>
    </message>
    <message>
        <source>Replace scenario?</source>
        <translation>परिदृश्य बदलें?</translation>
    </message>
    <message>
        <source>{folder} already holds a scenario. Replace it?</source>
        <translation>{folder} में पहले से एक परिदृश्य है। उसे बदलें?</translation>
    </message>
    <message>
        <source>Saved to {folder}</source>
        <translation>{folder} में सहेजा गया</translation>
    </message>
    <message>
        <source>Save the changes to “{name}”?</source>
        <translation>“{name}” के बदलाव सहेजें?</translation>
    </message>
    <message>
        <source>Reload from disk?</source>
        <translation>डिस्क से दोबारा लोड करें?</translation>
    </message>
    <message>
        <source>Reloading discards your unsaved changes.</source>
        <translation>दोबारा लोड करने से आपके बिना सहेजे बदलाव छूट जाएँगे।</translation>
    </message>
    <message>
        <source>Cannot reload</source>
        <translation>दोबारा लोड नहीं हो सका</translation>
    </message>
    <message>
        <source>Reloaded from disk</source>
        <translation>डिस्क से दोबारा लोड किया गया</translation>
    </message>
    <message>
        <source>You have unsaved changes: reloading discards them; keeping them and saving overwrites the files.</source>
        <translation>आपके कुछ बदलाव सहेजे नहीं गए हैं: दोबारा लोड करने से वे छूट जाएँगे; उन्हें रखकर सहेजने से फ़ाइलें बदल जाएँगी।</translation>
    </message>
    <message>
        <source>Changed on disk by another program: {files}.</source>
        <translation>किसी दूसरे प्रोग्राम ने डिस्क पर बदला: {files}।</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>दोबारा लोड करें</translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation>मेरे बदलाव रखें</translation>
    </message>
    <message>
        <source>Fix the scenario&apos;s errors before exporting.</source>
        <translation>निर्यात से पहले परिदृश्य की त्रुटियाँ ठीक करें।</translation>
    </message>
    <message>
        <source>Export to draw.io</source>
        <translation>draw.io में निर्यात करें</translation>
    </message>
    <message>
        <source>draw.io diagrams (*.drawio)</source>
        <translation>draw.io आरेख (*.drawio)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>निर्यात नहीं हो सका</translation>
    </message>
    <message>
        <source>Exported {file}</source>
        <translation>{file} निर्यात किया गया</translation>
    </message>
    <message>
        <source>Import from draw.io</source>
        <translation>draw.io से आयात करें</translation>
    </message>
    <message>
        <source>draw.io diagrams (*.drawio *.xml);;All files (*)</source>
        <translation>draw.io आरेख (*.drawio *.xml);;सभी फ़ाइलें (*)</translation>
    </message>
    <message>
        <source>Cannot import the diagram</source>
        <translation>आरेख आयात नहीं हो सका</translation>
    </message>
    <message>
        <source>Nothing was changed.

{error}</source>
        <translation>कुछ नहीं बदला गया।

{error}</translation>
    </message>
    <message>
        <source>{file} matches the scenario: nothing to change.</source>
        <translation>{file} परिदृश्य से मेल खाता है: बदलने को कुछ नहीं।</translation>
    </message>
    <message>
        <source>Import {file}</source>
        <translation>{file} आयात करें</translation>
    </message>
    <message>
        <source>It would make the scenario invalid; nothing was changed.

{problems}</source>
        <translation>इससे परिदृश्य अमान्य हो जाता; कुछ नहीं बदला गया।

{problems}</translation>
    </message>
    <message>
        <source>Imported {file}: {count} change(s)</source>
        <translation>{file} आयात किया गया: {count} बदलाव</translation>
    </message>
    <message>
        <source>Imported {file} (one undo step):</source>
        <translation>{file} आयात किया गया (एक बार में पूर्ववत होगा):</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(अभी कोई नहीं)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>सूची ख़ाली करें</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>टिप्पणियाँ:</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find steps by id, title or instruction text</source>
        <translation>id, शीर्षक या निर्देशों के पाठ से चरण खोजें</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>खोजें:</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>पिछला मिलान (Shift+Enter)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>अगला मिलान (Enter)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>बंद करें (Esc)</translation>
    </message>
    <message>
        <source>no matches</source>
        <translation>कोई मिलान नहीं</translation>
    </message>
    <message>
        <source>1 match</source>
        <translation>1 मिलान</translation>
    </message>
    <message>
        <source>{count} matches</source>
        <translation>{count} मिलान</translation>
    </message>
    <message>
        <source>{index} of {count}</source>
        <translation>{count} में से {index}</translation>
    </message>
</context>
<context>
    <name>GraphAccess</name>
    <message>
        <source>prompt</source>
        <translation>प्रॉम्प्ट</translation>
    </message>
    <message>
        <source>message</source>
        <translation>संदेश</translation>
    </message>
    <message>
        <source>action</source>
        <translation>ऐक्शन</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>अनुपस्थित</translation>
    </message>
    <message>
        <source>step {title}</source>
        <translation>चरण {title}</translation>
    </message>
    <message>
        <source>start</source>
        <translation>आरंभ</translation>
    </message>
    <message>
        <source>final</source>
        <translation>अंतिम</translation>
    </message>
    <message>
        <source>1 transition</source>
        <translation>1 ट्रांज़िशन</translation>
    </message>
    <message>
        <source>{count} transitions</source>
        <translation>{count} ट्रांज़िशन</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 त्रुटि</translation>
    </message>
    <message>
        <source>{count} errors</source>
        <translation>{count} त्रुटियाँ</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 चेतावनी</translation>
    </message>
    <message>
        <source>{count} warnings</source>
        <translation>{count} चेतावनियाँ</translation>
    </message>
    <message>
        <source>{signal}: {source} to {target}</source>
        <translation>{signal}: {source} से {target}</translation>
    </message>
    <message>
        <source>transition {signal} from {source} to {target}</source>
        <translation>{source} से {target} तक ट्रांज़िशन {signal}</translation>
    </message>
    <message>
        <source>Scenario graph</source>
        <translation>परिदृश्य ग्राफ़</translation>
    </message>
</context>
<context>
    <name>GraphItems</name>
    <message>
        <source>final</source>
        <translation>अंतिम</translation>
    </message>
    <message>
        <source>not declared: a transition leads here</source>
        <translation>घोषित नहीं: एक ट्रांज़िशन यहाँ आता है</translation>
    </message>
    <message>
        <source>requires ({count}): {names}</source>
        <translation>ज़रूरी ({count}): {names}</translation>
    </message>
</context>
<context>
    <name>GraphKeys</name>
    <message>
        <source>Connecting cancelled</source>
        <translation>जोड़ना रद्द हुआ</translation>
    </message>
    <message>
        <source>Connect “{step}” to: move to the target step, then press Enter (Esc cancels)</source>
        <translation>“{step}” को जोड़ें: लक्ष्य चरण पर जाएँ, फिर Enter दबाएँ (Esc रद्द करता है)</translation>
    </message>
</context>
<context>
    <name>GraphPart</name>
    <message>
        <source>Conversation #{index} ({status})</source>
        <translation>बातचीत #{index} ({status})</translation>
    </message>
    <message>
        <source>Path taken by {count} conversation(s)</source>
        <translation>{count} बातचीत का लिया रास्ता</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>रास्ता</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Select several steps</source>
        <translation>कई चरण चुनें</translation>
    </message>
    <message>
        <source>Ctrl+click, or drag a rubber band on empty canvas</source>
        <translation>Ctrl+क्लिक, या ख़ाली कैनवास पर चयन-आयत खींचें</translation>
    </message>
    <message>
        <source>Move steps</source>
        <translation>चरण खिसकाएँ</translation>
    </message>
    <message>
        <source>Drag them (one undo step per drag)</source>
        <translation>उन्हें खींचें (हर बार खींचने पर एक पूर्ववत)</translation>
    </message>
    <message>
        <source>Connect two steps</source>
        <translation>दो चरण जोड़ें</translation>
    </message>
    <message>
        <source>Drag from the handle under a step, or Shift+drag, onto another</source>
        <translation>चरण के नीचे के हैंडल से, या Shift+खींचकर, दूसरे चरण तक ले जाएँ</translation>
    </message>
    <message>
        <source>Add a step here</source>
        <translation>यहाँ चरण जोड़ें</translation>
    </message>
    <message>
        <source>Double-click empty canvas</source>
        <translation>ख़ाली कैनवास पर डबल-क्लिक करें</translation>
    </message>
    <message>
        <source>Edit a step&apos;s instructions</source>
        <translation>चरण के निर्देश बदलें</translation>
    </message>
    <message>
        <source>Double-click the step</source>
        <translation>चरण पर डबल-क्लिक करें</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>ज़ूम</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+व्हील</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>खिसकाकर देखें</translation>
    </message>
    <message>
        <source>Middle button drag, or Space+drag</source>
        <translation>बीच वाले बटन से खींचें, या Space+खींचें</translation>
    </message>
    <message>
        <source>Insert a variable</source>
        <translation>चर डालें</translation>
    </message>
    <message>
        <source>Type {{ in instructions; Enter takes the first name</source>
        <translation>निर्देशों में {{ लिखें; Enter पहला नाम चुनता है</translation>
    </message>
    <message>
        <source>Send a chat message</source>
        <translation>बातचीत में संदेश भेजें</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter: a new line)</source>
        <translation>Enter (Shift+Enter: नई पंक्ति)</translation>
    </message>
    <message>
        <source>Test chat logs</source>
        <translation>परीक्षण बातचीत के लॉग</translation>
    </message>
    <message>
        <source>every test conversation, one JSON Lines file each (File ▸ Open Conversation Log…)</source>
        <translation>हर परीक्षण बातचीत, हर एक की एक JSON Lines फ़ाइल (फ़ाइल ▸ बातचीत का लॉग खोलें…)</translation>
    </message>
    <message>
        <source>Studio settings</source>
        <translation>स्टूडियो की सेटिंग</translation>
    </message>
    <message>
        <source>window layout, recent scenarios, chat provider; never the API key</source>
        <translation>विंडो की व्यवस्था, हाल के परिदृश्य, बातचीत का प्रदाता; API कुंजी कभी नहीं</translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation>यह परिदृश्य</translation>
    </message>
    <message>
        <source>scenario.yaml and its instruction files</source>
        <translation>scenario.yaml और उसकी निर्देश फ़ाइलें</translation>
    </message>
    <message>
        <source>Its layout</source>
        <translation>इसकी व्यवस्था</translation>
    </message>
    <message>
        <source>where you put each step (written once you arrange one)</source>
        <translation>आपने हर चरण कहाँ रखा (पहला चरण व्यवस्थित करते ही लिखा जाता है)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API कुंजी</translation>
    </message>
    <message>
        <source>OPENAI_API_KEY, or the system keyring (Test chat ▸ Settings…): never a file</source>
        <translation>OPENAI_API_KEY, या सिस्टम का कीरिंग (परीक्षण बातचीत ▸ सेटिंग्स…): कभी कोई फ़ाइल नहीं</translation>
    </message>
    <message>
        <source>Write, test and draw scenarios that keep LLM chatbots on script.</source>
        <translation>ऐसे परिदृश्य लिखें, परखें और बनाएँ जो LLM चैटबॉट को स्क्रिप्ट पर बनाए रखें।</translation>
    </message>
    <message>
        <source>Help ▸ Documentation has the whole manual, offline.</source>
        <translation>सहायता ▸ दस्तावेज़ में पूरी पुस्तिका है, ऑफ़लाइन।</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <source>{title}: {reason}</source>
        <translation>{title}: {reason}</translation>
    </message>
    <message>
        <source>{title}: no conversations</source>
        <translation>{title}: कोई बातचीत नहीं</translation>
    </message>
    <message>
        <source>{title} — median {median}, p90 {p90}, max {max}</source>
        <translation>{title} — माध्यिका {median}, p90 {p90}, अधिकतम {max}</translation>
    </message>
    <message>
        <source>conversations</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>{count} conversation(s) from {low} to {high}</source>
        <translation>{low} से {high} तक {count} बातचीत</translation>
    </message>
    <message>
        <source>{title}: price unknown</source>
        <translation>{title}: मूल्य अज्ञात</translation>
    </message>
    <message>
        <source> · price unknown for {count}</source>
        <translation> · {count} का मूल्य अज्ञात</translation>
    </message>
</context>
<context>
    <name>InlineEditor</name>
    <message>
        <source>Title of {step}</source>
        <translation>{step} का शीर्षक</translation>
    </message>
    <message>
        <source>Text of {step}</source>
        <translation>{step} का पाठ</translation>
    </message>
</context>
<context>
    <name>KeyFreeActions</name>
    <message>
        <source>Try without a model</source>
        <translation>मॉडल के बिना आज़माएँ</translation>
    </message>
    <message>
        <source>Replies made up from the scenario&apos;s own steps: no key, costs nothing</source>
        <translation>परिदृश्य के अपने चरणों से बनाए गए उत्तर: कोई कुंजी नहीं, कोई लागत नहीं</translation>
    </message>
    <message>
        <source>Use a Reply Script…</source>
        <translation>उत्तर स्क्रिप्ट का उपयोग करें…</translation>
    </message>
    <message>
        <source>Replies read from a file, one per model call: costs nothing</source>
        <translation>फ़ाइल से पढ़े गए उत्तर, हर मॉडल कॉल के लिए एक: कोई लागत नहीं</translation>
    </message>
    <message>
        <source>Create a Reply Script for This Scenario…</source>
        <translation>इस परिदृश्य के लिए उत्तर स्क्रिप्ट बनाएँ…</translation>
    </message>
    <message>
        <source>Write a reply script pre-filled with the scenario&apos;s signals and results, open it, and chat with it</source>
        <translation>परिदृश्य के संकेतों और परिणामों से पहले से भरी उत्तर स्क्रिप्ट लिखें, उसे खोलें और उसके साथ चैट करें</translation>
    </message>
    <message>
        <source>Add an API Key…</source>
        <translation>API कुंजी जोड़ें…</translation>
    </message>
    <message>
        <source>Other ways</source>
        <translation>अन्य तरीके</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>भाषा (&amp;L)</translation>
    </message>
    <message>
        <source>System Language ({language})</source>
        <translation>सिस्टम की भाषा ({language})</translation>
    </message>
</context>
<context>
    <name>LocaleText</name>
    <message>
        <source>no cost (scripted)</source>
        <translation>कोई ख़र्च नहीं (स्क्रिप्टेड)</translation>
    </message>
    <message>
        <source>cost {amount}</source>
        <translation>ख़र्च {amount}</translation>
    </message>
    <message>
        <source>price unknown</source>
        <translation>मूल्य अज्ञात</translation>
    </message>
</context>
<context>
    <name>LogPane</name>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} में से {shown}</translation>
    </message>
    <message>
        <source>{count} events</source>
        <translation>{count} घटनाएँ</translation>
    </message>
    <message>
        <source>All types</source>
        <translation>सभी प्रकार</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>केवल समस्याएँ</translation>
    </message>
    <message>
        <source>Model calls only</source>
        <translation>केवल मॉडल कॉल</translation>
    </message>
    <message>
        <source>{count} of {total} types</source>
        <translation>{total} में से {count} प्रकार</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>सभी चरण</translation>
    </message>
    <message>
        <source>Inspect model call</source>
        <translation>मॉडल कॉल की जाँच करें</translation>
    </message>
    <message>
        <source>Only step “{step}”</source>
        <translation>केवल चरण “{step}”</translation>
    </message>
    <message>
        <source>Only “{type}” events</source>
        <translation>केवल “{type}” घटनाएँ</translation>
    </message>
    <message>
        <source>Show all events</source>
        <translation>सभी घटनाएँ दिखाएँ</translation>
    </message>
    <message>
        <source>Search events (Ctrl+F)</source>
        <translation>घटनाएँ खोजें (Ctrl+F)</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>साथ चलें</translation>
    </message>
    <message>
        <source>Keep the newest event in view (scrolling up stops it)</source>
        <translation>सबसे नई घटना दिखती रहे (ऊपर स्क्रॉल करने से रुकता है)</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>निरीक्षक</translation>
    </message>
    <message>
        <source>Show what the selected model call sent and cost (double-click a request or reply)</source>
        <translation>चुनी गई मॉडल कॉल ने क्या भेजा और कितना ख़र्च हुआ, दिखाएँ (किसी अनुरोध या जवाब पर डबल-क्लिक करें)</translation>
    </message>
</context>
<context>
    <name>LogWindow</name>
    <message>
        <source>{file} — Prompter log</source>
        <translation>{file} — Prompter लॉग</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>रीप्ले</translation>
    </message>
    <message>
        <source>Turns: tokens, cost, model time</source>
        <translation>दौर: टोकन, ख़र्च, मॉडल का समय</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>लॉग</translation>
    </message>
    <message>
        <source>Open Log…</source>
        <translation>लॉग खोलें…</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>साथ चलें</translation>
    </message>
    <message>
        <source>Show new events as another process appends them</source>
        <translation>दूसरी प्रक्रिया जैसे-जैसे नई घटनाएँ जोड़े, उन्हें दिखाएँ</translation>
    </message>
    <message>
        <source>System events</source>
        <translation>सिस्टम घटनाएँ</translation>
    </message>
    <message>
        <source>Show the engine&apos;s events between the chat bubbles</source>
        <translation>बातचीत के बुलबुलों के बीच इंजन की घटनाएँ दिखाएँ</translation>
    </message>
    <message>
        <source>Reading {file}… showing its last events</source>
        <translation>{file} पढ़ा जा रहा है… उसकी आख़िरी घटनाएँ दिख रही हैं</translation>
    </message>
    <message>
        <source>Reading {file}… {done}</source>
        <translation>{file} पढ़ा जा रहा है… {done}</translation>
    </message>
    <message>
        <source>The log was truncated or replaced: reading it again</source>
        <translation>लॉग छोटा किया गया या बदल दिया गया: फिर से पढ़ा जा रहा है</translation>
    </message>
    <message>
        <source>{file} does not exist (yet)</source>
        <translation>{file} (अभी) मौजूद नहीं है</translation>
    </message>
    <message>
        <source>the last line is incomplete (cut off while being written)</source>
        <translation>आख़िरी पंक्ति अधूरी है (लिखते समय कट गई)</translation>
    </message>
    <message>
        <source>{count} event(s) missing after seq {seq}</source>
        <translation>क्रम {seq} के बाद {count} घटना(एँ) ग़ायब</translation>
    </message>
    <message>
        <source>following</source>
        <translation>साथ चल रहा है</translation>
    </message>
    <message>
        <source>not following</source>
        <translation>साथ नहीं चल रहा</translation>
    </message>
    <message>
        <source>{count} events · {state}</source>
        <translation>{count} घटनाएँ · {state}</translation>
    </message>
    <message>
        <source>skipped {count} line(s)</source>
        <translation>{count} पंक्ति(याँ) छोड़ी गईं</translation>
    </message>
    <message>
        <source>Cannot fork</source>
        <translation>अलग नहीं किया जा सकता</translation>
    </message>
    <message>
        <source>Open conversation log</source>
        <translation>बातचीत का लॉग खोलें</translation>
    </message>
    <message>
        <source>Logs (*.jsonl *.log);;All (*)</source>
        <translation>लॉग (*.jsonl *.log);;सभी (*)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Ready</source>
        <translation>तैयार</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>&amp;गहरा थीम</translation>
    </message>
    <message>
        <source>A dark palette for the studio (remembered)</source>
        <translation>स्टूडियो के लिए गहरे रंग (याद रखे जाते हैं)</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>नया…</translation>
    </message>
    <message>
        <source>Create a scenario from a template</source>
        <translation>किसी टेम्पलेट से नया परिदृश्य बनाएँ</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>खोलें…</translation>
    </message>
    <message>
        <source>Open a scenario folder</source>
        <translation>किसी परिदृश्य का फ़ोल्डर खोलें</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>सहेजें</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>परिदृश्य सहेजें</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>इस रूप में सहेजें…</translation>
    </message>
    <message>
        <source>Save the scenario into another folder</source>
        <translation>परिदृश्य को किसी दूसरे फ़ोल्डर में सहेजें</translation>
    </message>
    <message>
        <source>&amp;Export to draw.io…</source>
        <translation>draw.io में निर्यात करें…</translation>
    </message>
    <message>
        <source>Write the graph as a draw.io diagram</source>
        <translation>ग्राफ़ को draw.io आरेख के रूप में लिखें</translation>
    </message>
    <message>
        <source>&amp;Import from draw.io…</source>
        <translation>draw.io से आयात करें…</translation>
    </message>
    <message>
        <source>Apply a diagram edited in draw.io (undoable)</source>
        <translation>draw.io में बदला गया आरेख लागू करें (पूर्ववत किया जा सकता है)</translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation>डिस्क से दोबारा लोड करें</translation>
    </message>
    <message>
        <source>Discard unsaved changes and read the files again</source>
        <translation>बिना सहेजे बदलाव छोड़ें और फ़ाइलें फिर से पढ़ें</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>बंद करें</translation>
    </message>
    <message>
        <source>Close every window of the studio and end it</source>
        <translation>स्टूडियो की सभी विंडो बंद करके उसे समाप्त करें</translation>
    </message>
    <message>
        <source>&amp;Instructions Beside the Graph</source>
        <translation>ग्राफ़ के बगल में निर्देश</translation>
    </message>
    <message>
        <source>Show or hide the selected step&apos;s instructions beside the graph</source>
        <translation>चुने गए चरण के निर्देश ग्राफ़ के बगल में दिखाएँ या छिपाएँ</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>कीबोर्ड शॉर्टकट</translation>
    </message>
    <message>
        <source>Every command with keys, and the graph&apos;s gestures</source>
        <translation>कुंजियों वाले सभी आदेश, और ग्राफ़ के इशारे</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>दस्तावेज़</translation>
    </message>
    <message>
        <source>Prompter&apos;s manual, offline</source>
        <translation>Prompter की पुस्तिका, ऑफ़लाइन</translation>
    </message>
    <message>
        <source>&amp;Where Files Are Kept…</source>
        <translation>फ़ाइलें कहाँ रखी हैं…</translation>
    </message>
    <message>
        <source>The folders of logs, settings and the scenario</source>
        <translation>लॉग, सेटिंग और परिदृश्य के फ़ोल्डर</translation>
    </message>
    <message>
        <source>&amp;About Prompter Studio</source>
        <translation>Prompter Studio के बारे में</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>फ़ाइल (&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>संपादन (&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>दृश्य (&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Panes</source>
        <translation>पैनल (&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>सेटिंग (&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>सहायता (&amp;H)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>हाल के खोलें (&amp;R)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>परिदृश्य</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>समस्याएँ</translation>
    </message>
    <message>
        <source>History</source>
        <translation>इतिहास</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>मुख्य</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>निर्देश</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;खोला गया&gt;</translation>
    </message>
    <message>
        <source>&amp;Undo {edit}</source>
        <translation>पूर्ववत करें: {edit}</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>पूर्ववत करें</translation>
    </message>
    <message>
        <source>&amp;Redo {edit}</source>
        <translation>फिर से करें: {edit}</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>फिर से करें</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>पूर्ववत</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>फिर से</translation>
    </message>
    <message>
        <source>Undo {edit}</source>
        <translation>पूर्ववत करें: {edit}</translation>
    </message>
    <message>
        <source>Redo {edit}</source>
        <translation>फिर से करें: {edit}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>बिना सहेजे बदलाव</translation>
    </message>
    <message>
        <source>About Prompter Studio</source>
        <translation>Prompter Studio के बारे में</translation>
    </message>
</context>
<context>
    <name>MarkdownHighlighter</name>
    <message>
        <source>not a declared variable</source>
        <translation>घोषित चर नहीं</translation>
    </message>
</context>
<context>
    <name>MatrixDialog</name>
    <message>
        <source>Model matrix</source>
        <translation>मॉडल मैट्रिक्स</translation>
    </message>
    <message>
        <source>Run the scenario&apos;s tests on every model and variant ticked, repeated, and see which keeps the script — with intervals and paired tests.</source>
        <translation>चुने गए हर मॉडल और हर संस्करण पर परिदृश्य के परीक्षण कई बार चलाएँ, और देखें कि कौन स्क्रिप्ट निभाता है — अंतरालों और युग्मित परीक्षणों के साथ।</translation>
    </message>
    <message>
        <source>Another model: provider:model[@base_url]</source>
        <translation>एक और मॉडल: provider:model[@base_url]</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>जोड़ें</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>As in the editor</source>
        <translation>जैसा संपादक में है</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>संस्करण</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>परीक्षण</translation>
    </message>
    <message>
        <source>Personas</source>
        <translation>पर्सोना</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>दोहराव</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>एक साथ रन</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>चलाएँ</translation>
    </message>
    <message>
        <source>Tick at least one model, one variant, and a test or a persona.</source>
        <translation>कम से कम एक मॉडल, एक संस्करण, और एक परीक्षण या एक पर्सोना चुनें।</translation>
    </message>
</context>
<context>
    <name>MatrixWindow</name>
    <message>
        <source>Model matrix — {name}</source>
        <translation>मॉडल मैट्रिक्स — {name}</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>शुरू हो रहा है…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>रोकें</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>सेल</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>सफल</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% अंतराल</translation>
    </message>
    <message>
        <source>pass^k</source>
        <translation>pass^k</translation>
    </message>
    <message>
        <source>Calls per message</source>
        <translation>प्रति संदेश कॉल</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>लागत</translation>
    </message>
    <message>
        <source>Click a step to list the runs that broke there.</source>
        <translation>किसी चरण पर क्लिक करें, वहाँ टूटे रन सूचीबद्ध होंगे।</translation>
    </message>
    <message>
        <source>Stopping: what finished is kept…</source>
        <translation>रोका जा रहा है: जो पूरा हुआ वह रखा जाएगा…</translation>
    </message>
    <message>
        <source>{done} of {total} runs, {failed} failed</source>
        <translation>{total} में से {done} रन, {failed} विफल</translation>
    </message>
    <message>
        <source>The matrix could not run: {reason}</source>
        <translation>मैट्रिक्स नहीं चल सका: {reason}</translation>
    </message>
    <message>
        <source>Done: {runs} runs in {cells} cells; written to {folder}</source>
        <translation>पूरा: {cells} सेल में {runs} रन; {folder} में लिखा गया</translation>
    </message>
    <message>
        <source>no cost (fake model)</source>
        <translation>कोई लागत नहीं (नकली मॉडल)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>अज्ञात</translation>
    </message>
    <message>
        <source>{better} beats {worse} on {test} (Holm p = {p})</source>
        <translation>{test} पर {better} ने {worse} को हराया (Holm p = {p})</translation>
    </message>
    <message>
        <source>all tests</source>
        <translation>सभी परीक्षण</translation>
    </message>
    <message>
        <source>No significant difference between the cells.</source>
        <translation>सेलों के बीच कोई सार्थक अंतर नहीं।</translation>
    </message>
    <message>
        <source>{violations} violations in {calls} calls (95%: {lo}–{hi})</source>
        <translation>{calls} कॉल में {violations} उल्लंघन (95%: {lo}–{hi})</translation>
    </message>
    <message>
        <source>Violation rate</source>
        <translation>उल्लंघन दर</translation>
    </message>
    <message>
        <source>no call</source>
        <translation>कोई कॉल नहीं</translation>
    </message>
    <message>
        <source>{count} runs broke or failed in {step}</source>
        <translation>{step} में {count} रन टूटे या विफल हुए</translation>
    </message>
    <message>
        <source>{name}, repeat {repeat}: {violations} violations{failed}</source>
        <translation>{name}, दोहराव {repeat}: {violations} उल्लंघन{failed}</translation>
    </message>
    <message>
        <source>, failed</source>
        <translation>, विफल</translation>
    </message>
</context>
<context>
    <name>MessageTextEdit</name>
    <message>
        <source>the text a message step sends; {{variables}} are filled in</source>
        <translation>संदेश वाला चरण जो पाठ भेजता है; {{variables}} भर दिए जाते हैं</translation>
    </message>
</context>
<context>
    <name>MeterLabel</name>
    <message>
        <source>{calls} calls · {per_message} per message · {input} in ({cached} cached) · {output} out · {cost}</source>
        <translation>{calls} कॉल · प्रति संदेश {per_message} · {input} इनपुट ({cached} कैश में) · {output} आउटपुट · {cost}</translation>
    </message>
    <message>
        <source>User messages: {messages}
Model calls: {calls}
Corrections: {corrections}
Input tokens: {input}
Cached input tokens: {cached}
Output tokens: {output}
Cost: {cost}</source>
        <translation>उपयोगकर्ता के संदेश: {messages}
मॉडल कॉल: {calls}
सुधार: {corrections}
इनपुट टोकन: {input}
कैश किए गए इनपुट टोकन: {cached}
आउटपुट टोकन: {output}
ख़र्च: {cost}</translation>
    </message>
</context>
<context>
    <name>NewScenarioDialog</name>
    <message>
        <source>New scenario</source>
        <translation>नया परिदृश्य</translation>
    </message>
    <message>
        <source>Blank — one step</source>
        <translation>ख़ाली — एक चरण</translation>
    </message>
    <message>
        <source>Greeting → goodbye, with a variable</source>
        <translation>स्वागत → विदाई, एक चर के साथ</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>ब्राउज़ करें…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;नाम:</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;टेम्पलेट:</translation>
    </message>
    <message>
        <source>&amp;Create in:</source>
        <translation>&amp;यहाँ बनाएँ:</translation>
    </message>
    <message>
        <source>A scenario&apos;s name may hold only ASCII letters (a–z, A–Z), digits (0–9) and _, and does not start with a digit.</source>
        <translation>परिदृश्य के नाम में केवल ASCII अक्षर (a–z, A–Z), अंक (0–9) और _ हो सकते हैं, और वह किसी अंक से शुरू नहीं होता।</translation>
    </message>
    <message>
        <source>Create the scenario in</source>
        <translation>परिदृश्य यहाँ बनाएँ</translation>
    </message>
    <message>
        <source>Use “{suggestion}”</source>
        <translation>“{suggestion}” इस्तेमाल करें</translation>
    </message>
    <message>
        <source>{folder} exists and is not empty.</source>
        <translation>{folder} पहले से है और ख़ाली नहीं है।</translation>
    </message>
    <message>
        <source>The scenario needs a name.</source>
        <translation>परिदृश्य को एक नाम चाहिए।</translation>
    </message>
    <message>
        <source>“{name}” holds {characters}, which a name cannot hold.</source>
        <translation>“{name}” में {characters} है, जो नाम में नहीं हो सकता।</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit.</source>
        <translation>“{name}” किसी अंक से शुरू होता है।</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>no conversation reached it</source>
        <translation>कोई बातचीत यहाँ तक नहीं पहुँची</translation>
    </message>
    <message>
        <source>taken {count}×</source>
        <translation>{count}× लिया गया</translation>
    </message>
    <message>
        <source>arrow width: how often taken (up to {count}×)</source>
        <translation>तीर की मोटाई: कितनी बार लिया गया ({count}× तक)</translation>
    </message>
    <message>
        <source>never taken</source>
        <translation>कभी नहीं लिया गया</translation>
    </message>
</context>
<context>
    <name>OverviewMap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>अवलोकन: दृश्य हिलाने के लिए क्लिक करें या खींचें</translation>
    </message>
</context>
<context>
    <name>PaneToggle</name>
    <message>
        <source>Toggle Log Pane</source>
        <translation>लॉग पैनल दिखाएँ/छिपाएँ</translation>
    </message>
    <message>
        <source>Show or hide the log pane (Ctrl+J)</source>
        <translation>लॉग पैनल दिखाएँ या छिपाएँ (Ctrl+J)</translation>
    </message>
    <message>
        <source>Log · {count} events</source>
        <translation>लॉग · {count} घटनाएँ</translation>
    </message>
</context>
<context>
    <name>PartsModel</name>
    <message>
        <source>{count} message(s)</source>
        <translation>{count} संदेश</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>दौर {turn}</translation>
    </message>
    <message>
        <source>rejected reply</source>
        <translation>अस्वीकृत जवाब</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>हिस्सा</translation>
    </message>
    <message>
        <source>≈ Tokens</source>
        <translation>≈ टोकन</translation>
    </message>
    <message>
        <source>Cached</source>
        <translation>कैश में</translation>
    </message>
    <message>
        <source>vs previous call</source>
        <translation>पिछली कॉल की तुलना में</translation>
    </message>
    <message>
        <source>all</source>
        <translation>सब</translation>
    </message>
    <message>
        <source>{cached} of its ≈{tokens} tokens were billed as cached input</source>
        <translation>इसके ≈{tokens} टोकन में से {cached} कैश इनपुट के रूप में बिल हुए</translation>
    </message>
</context>
<context>
    <name>PersonaList</name>
    <message>
        <source>{file} — does not parse</source>
        <translation>{file} — पार्स नहीं होती</translation>
    </message>
</context>
<context>
    <name>PersonaPreview</name>
    <message>
        <source>{file} does not parse</source>
        <translation>{file} पार्स नहीं होती</translation>
    </message>
    <message>
        <source>Fix the file (or leave it out) to run it: a simulation with a persona that does not parse does not start.</source>
        <translation>चलाने के लिए फ़ाइल ठीक करें (या उसे छोड़ दें): जिस सिमुलेशन में कोई पर्सोना पार्स न हो, वह शुरू नहीं होता।</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>लक्ष्य</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>व्यवहार</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>Never tells</source>
        <translation>कभी नहीं बताता</translation>
    </message>
    <message>
        <source>never (withheld)</source>
        <translation>कभी नहीं (छिपाया गया)</translation>
    </message>
    <message>
        <source>never (a pattern)</source>
        <translation>कभी नहीं (एक पैटर्न)</translation>
    </message>
    <message>
        <source>when asked</source>
        <translation>पूछे जाने पर</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>हाँ</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>तथ्य</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>मान</translation>
    </message>
    <message>
        <source>Told</source>
        <translation>बताया</translation>
    </message>
    <message>
        <source>against what the bot records</source>
        <translation>बॉट जो दर्ज करता है उससे मिलाकर</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>जाँचा गया</translation>
    </message>
    <message>
        <source>&lt;b&gt;Facts&lt;/b&gt; — what the user knows; the report checks those named like a variable or a result against what the bot records</source>
        <translation>&lt;b&gt;तथ्य&lt;/b&gt; — उपयोगकर्ता क्या जानता है; जिनके नाम किसी चर या परिणाम जैसे हैं, रिपोर्ट उन्हें बॉट के दर्ज किए से मिलाती है</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>किरदार</translation>
    </message>
</context>
<context>
    <name>PlacesDialog</name>
    <message>
        <source>Where files are kept — Prompter Studio</source>
        <translation>फ़ाइलें कहाँ रखी हैं — Prompter Studio</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>फ़ोल्डर खोलें</translation>
    </message>
</context>
<context>
    <name>PrefixBar</name>
    <message>
        <source>Cache write (amber): {written} tokens, kept {ttl}</source>
        <translation>कैश में लिखा गया (एम्बर): {written} टोकन, {ttl} तक रखे गए</translation>
    </message>
    <message>
        <source>cache write: {tokens} tokens ({ttl})</source>
        <translation>कैश में लिखा गया: {tokens} टोकन ({ttl})</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 घंटा</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 मिनट</translation>
    </message>
    <message>
        <source>5 minutes and 1 hour</source>
        <translation>5 मिनट और 1 घंटा</translation>
    </message>
    <message>
        <source>{part}: ≈{tokens} tokens</source>
        <translation>{part}: ≈{tokens} टोकन</translation>
    </message>
    <message>
        <source>Cached (green): {cached} of {billed} billed input tokens</source>
        <translation>कैश में (हरा): बिल हुए {billed} इनपुट टोकन में से {cached}</translation>
    </message>
    <message>
        <source>Red line: the prompt differs from the previous call&apos;s from {where}</source>
        <translation>लाल रेखा: प्रॉम्प्ट {where} से पिछली कॉल के प्रॉम्प्ट से अलग है</translation>
    </message>
    <message>
        <source>cached prefix: {tokens} tokens ({share})</source>
        <translation>कैश किया गया आरंभ: {tokens} टोकन ({share})</translation>
    </message>
    <message>
        <source>the previous call&apos;s prompt ends here: the rest is new</source>
        <translation>पिछली कॉल का प्रॉम्प्ट यहाँ ख़त्म होता है: बाक़ी नया है</translation>
    </message>
    <message>
        <source>differs from the previous call here: {where}</source>
        <translation>यहाँ पिछली कॉल से अलग है: {where}</translation>
    </message>
</context>
<context>
    <name>ProblemJumps</name>
    <message>
        <source>Problems</source>
        <translation>समस्याएँ</translation>
    </message>
    <message>
        <source>The graph shows the last version that loaded.</source>
        <translation>ग्राफ़ वह आख़िरी संस्करण दिखा रहा है जो लोड हो सका था।</translation>
    </message>
    <message>
        <source> — line {line}: {message}</source>
        <translation> — पंक्ति {line}: {message}</translation>
    </message>
    <message numerus="yes">
        <source>⚠ scenario.yaml does not load (%n error(s))</source>
        <translation>
            <numerusform>⚠ scenario.yaml लोड नहीं हो रहा (%n त्रुटि)</numerusform>
            <numerusform>⚠ scenario.yaml लोड नहीं हो रहा (%n त्रुटियाँ)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show scenario.yaml</source>
        <translation>scenario.yaml दिखाएँ</translation>
    </message>
    <message>
        <source>Problems — {summary}</source>
        <translation>समस्याएँ — {summary}</translation>
    </message>
</context>
<context>
    <name>ProblemsPane</name>
    <message>
        <source>Problem</source>
        <translation>समस्या</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>कहाँ</translation>
    </message>
    <message>
        <source>✓  No problems found.</source>
        <translation>✓  कोई समस्या नहीं मिली।</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 त्रुटि</translation>
    </message>
    <message>
        <source>{count} errors</source>
        <translation>{count} त्रुटियाँ</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 चेतावनी</translation>
    </message>
    <message>
        <source>{count} warnings</source>
        <translation>{count} चेतावनियाँ</translation>
    </message>
</context>
<context>
    <name>ProgressStrip</name>
    <message>
        <source>Starting…</source>
        <translation>शुरू हो रहा है…</translation>
    </message>
    <message>
        <source>%v of {planned}</source>
        <translation>{planned} में से %v</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>रोका जा रहा है…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>रद्द करें</translation>
    </message>
    <message>
        <source>Stop the run: conversations that ended keep their logs and the report covers them</source>
        <translation>रन रोकें: ख़त्म हुई बातचीतों के लॉग रहते हैं और रिपोर्ट उन्हें शामिल करती है</translation>
    </message>
    <message>
        <source>{count} running</source>
        <translation>{count} चल रही हैं</translation>
    </message>
    <message>
        <source>{calls} calls (bot {bot}, user {user})</source>
        <translation>{calls} कॉल (बॉट {bot}, उपयोगकर्ता {user})</translation>
    </message>
    <message>
        <source>{rate} requests/min</source>
        <translation>{rate} अनुरोध/मिनट</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopping…&lt;/b&gt; waiting for the running conversations to end</source>
        <translation>&lt;b&gt;रोका जा रहा है…&lt;/b&gt; चल रही बातचीतों के ख़त्म होने की प्रतीक्षा</translation>
    </message>
    <message>
        <source>about {time} left</source>
        <translation>लगभग {time} बाक़ी</translation>
    </message>
    <message>
        <source>{time} so far</source>
        <translation>अब तक {time}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped&lt;/b&gt; ({why}): the report covers the {count} conversation(s) that ended</source>
        <translation>&lt;b&gt;रोका गया&lt;/b&gt; ({why}): रिपोर्ट ख़त्म हुई {count} बातचीत को शामिल करती है</translation>
    </message>
    <message>
        <source>&lt;b&gt;Done&lt;/b&gt;: {count} conversation(s) in {time}</source>
        <translation>&lt;b&gt;पूरा&lt;/b&gt;: {time} में {count} बातचीत</translation>
    </message>
    <message>
        <source>The simulation could not run:</source>
        <translation>सिमुलेशन नहीं चल सका:</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>First turn</source>
        <translation>पहला दौर</translation>
    </message>
    <message>
        <source>Previous turn (Alt+Left)</source>
        <translation>पिछला दौर (Alt+Left)</translation>
    </message>
    <message>
        <source>Next turn (Alt+Right)</source>
        <translation>अगला दौर (Alt+Right)</translation>
    </message>
    <message>
        <source>Leave replay: show the whole conversation</source>
        <translation>रीप्ले छोड़ें: पूरी बातचीत दिखाएँ</translation>
    </message>
    <message>
        <source>Continue live from the end of this turn with the current scenario</source>
        <translation>मौजूदा परिदृश्य के साथ इस दौर के अंत से लाइव जारी रखें</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>सब दिखाएँ</translation>
    </message>
    <message>
        <source>Fork from this turn…</source>
        <translation>इस दौर से अलग करें…</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>रीप्ले</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>चरण {step}</translation>
    </message>
    <message>
        <source>All {count} turn(s)</source>
        <translation>सभी {count} दौर</translation>
    </message>
    <message>
        <source>Turn {turn} of {count}</source>
        <translation>{count} में से दौर {turn}</translation>
    </message>
</context>
<context>
    <name>RequestInspector</name>
    <message>
        <source>&lt;b&gt;Since the previous call&lt;/b&gt; (turn {turn}, seq {seq}): {changes}. The prompts part at {where}, after ≈{common} tokens: the cache could reuse ≈{cache} of them (up to a breakpoint, from {minimum}).</source>
        <translation>&lt;b&gt;पिछली कॉल के बाद से&lt;/b&gt; (दौर {turn}, क्रम {seq}): {changes}। प्रॉम्प्ट {where} पर अलग होते हैं, ≈{common} टोकन के बाद: कैश उनमें से ≈{cache} दोबारा इस्तेमाल कर सकता था (किसी ब्रेकपॉइंट तक, {minimum} से)।</translation>
    </message>
    <message>
        <source>{written} written to the cache for 5 minutes</source>
        <translation>{written} कैश में 5 मिनट के लिए लिखे गए</translation>
    </message>
    <message>
        <source>{written} written to the cache ({hour} of them for 1 hour)</source>
        <translation>{written} कैश में लिखे गए (इनमें से {hour} 1 घंटे के लिए)</translation>
    </message>
    <message>
        <source>No reply was logged for this call (it failed, or is still running): no usage.</source>
        <translation>इस कॉल का कोई जवाब लॉग नहीं हुआ (वह विफल हुई, या अभी चल रही है): कोई उपयोग नहीं।</translation>
    </message>
    <message>
        <source>no model made this reply (a reply script, or the key-free model)</source>
        <translation>यह जवाब किसी मॉडल ने नहीं बनाया (जवाबों की स्क्रिप्ट, या बिना कुंजी वाला मॉडल)</translation>
    </message>
    <message>
        <source>{model}: ${input} in, ${cached} cached, ${output} out per 1M tokens</source>
        <translation>{model}: प्रति 10 लाख टोकन ${input} इनपुट, ${cached} कैश, ${output} आउटपुट</translation>
    </message>
    <message>
        <source>{server} has no price for {model} in the price table</source>
        <translation>मूल्य-तालिका में {server} पर {model} का कोई मूल्य नहीं है</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>&lt;b&gt;Billed:&lt;/b&gt; {input} input tokens, {cached} of them cached ({share}) · {output} output tokens · &lt;b&gt;{cost}&lt;/b&gt;</source>
        <translation>&lt;b&gt;बिल:&lt;/b&gt; {input} इनपुट टोकन, उनमें से {cached} कैश में ({share}) · {output} आउटपुट टोकन · &lt;b&gt;{cost}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The parts add up to ≈{tokens} tokens (estimated with the model&apos;s tokenizer).</source>
        <translation>सभी हिस्से मिलकर ≈{tokens} टोकन हैं (मॉडल के टोकनाइज़र से अनुमानित)।</translation>
    </message>
    <message>
        <source>The parts add up to ≈{tokens} tokens; the API billed {billed} ({error}). Estimates use the model&apos;s tokenizer and count each part&apos;s framing.</source>
        <translation>सभी हिस्से मिलकर ≈{tokens} टोकन हैं; API ने {billed} का बिल बनाया ({error})। अनुमान मॉडल के टोकनाइज़र से बनते हैं और हर हिस्से की बनावट भी गिनते हैं।</translation>
    </message>
    <message>
        <source>starts a new chain</source>
        <translation>नई शृंखला शुरू करती है</translation>
    </message>
    <message>
        <source>continues {chain}</source>
        <translation>{chain} को आगे बढ़ाती है</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model call&lt;/b&gt; · turn {turn} · step &lt;b&gt;{step}&lt;/b&gt; · purpose {purpose}, attempt {attempt} · {model} · {provider} · layout {layout} · {chained} · seq {seq}</source>
        <translation>&lt;b&gt;मॉडल कॉल&lt;/b&gt; · दौर {turn} · चरण &lt;b&gt;{step}&lt;/b&gt; · उद्देश्य {purpose}, प्रयास {attempt} · {model} · {provider} · लेआउट {layout} · {chained} · क्रम {seq}</translation>
    </message>
    <message>
        <source>Layout: {reason}</source>
        <translation>लेआउट: {reason}</translation>
    </message>
    <message>
        <source>The first call of this conversation: nothing to compare with.</source>
        <translation>इस बातचीत की पहली कॉल: तुलना के लिए कुछ नहीं।</translation>
    </message>
    <message>
        <source>same</source>
        <translation>वही</translation>
    </message>
    <message>
        <source>&lt;b&gt;changed&lt;/b&gt;</source>
        <translation>&lt;b&gt;बदला&lt;/b&gt;</translation>
    </message>
    <message>
        <source>grew</source>
        <translation>बढ़ा</translation>
    </message>
    <message>
        <source>&lt;b&gt;restarted&lt;/b&gt;</source>
        <translation>&lt;b&gt;फिर से शुरू&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;new&lt;/b&gt;</source>
        <translation>&lt;b&gt;नया&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;gone&lt;/b&gt;</source>
        <translation>&lt;b&gt;हटा&lt;/b&gt;</translation>
    </message>
    <message>
        <source>schema</source>
        <translation>स्कीमा</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>निर्देश</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>&lt;b&gt;Since the previous call&lt;/b&gt; (turn {turn}, seq {seq}): {changes}. The prompts part at {where}, after ≈{common} tokens: the cache could reuse ≈{cache} of them (whole 128-token blocks, from {minimum}).</source>
        <translation>&lt;b&gt;पिछली कॉल के बाद से&lt;/b&gt; (दौर {turn}, क्रम {seq}): {changes}। प्रॉम्प्ट {where} पर अलग होते हैं, ≈{common} टोकन के बाद: कैश उनमें से ≈{cache} दोबारा इस्तेमाल कर सकता था (128 टोकन के पूरे खंड, {minimum} से)।</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>अंतर</translation>
    </message>
    <message>
        <source>Show the selected part&apos;s changes since the previous call</source>
        <translation>पिछली कॉल के बाद से चुने गए हिस्से के बदलाव दिखाएँ</translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation>JSON कॉपी करें</translation>
    </message>
    <message>
        <source>The request body as the provider sent it</source>
        <translation>अनुरोध का मुख्य भाग, जैसा प्रदाता ने भेजा</translation>
    </message>
    <message>
        <source>Copy JSON, chain inlined</source>
        <translation>JSON कॉपी करें, शृंखला शामिल</translation>
    </message>
    <message>
        <source>The same request with the carried conversation written out as messages instead of previous_response_id</source>
        <translation>वही अनुरोध, जिसमें previous_response_id की जगह साथ चली बातचीत संदेशों के रूप में लिखी गई है</translation>
    </message>
    <message>
        <source>Copy replay command</source>
        <translation>दोबारा भेजने का कमांड कॉपी करें</translation>
    </message>
    <message>
        <source>A curl command that sends the request again; it reads the key from $OPENAI_API_KEY when it runs</source>
        <translation>curl कमांड जो अनुरोध फिर से भेजता है; चलते समय यह कुंजी $OPENAI_API_KEY से पढ़ता है</translation>
    </message>
    <message>
        <source>Select a model request or reply to see what the model read and what it cost.</source>
        <translation>मॉडल ने क्या पढ़ा और कितना ख़र्च हुआ, यह देखने के लिए कोई मॉडल अनुरोध या जवाब चुनें।</translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation>(कोई बदलाव नहीं)</translation>
    </message>
    <message>
        <source>Request copied as JSON</source>
        <translation>अनुरोध JSON के रूप में कॉपी हुआ</translation>
    </message>
    <message>
        <source>Request copied as JSON, with the chain inlined</source>
        <translation>अनुरोध JSON के रूप में कॉपी हुआ, शृंखला शामिल</translation>
    </message>
    <message>
        <source>Replay command copied (it reads $OPENAI_API_KEY)</source>
        <translation>दोबारा भेजने का कमांड कॉपी हुआ (यह $OPENAI_API_KEY पढ़ता है)</translation>
    </message>
    <message>
        <source>the log does not say which server answered: no price applies</source>
        <translation>लॉग यह नहीं बताता कि किस सर्वर ने उत्तर दिया: कोई मूल्य लागू नहीं होता</translation>
    </message>
</context>
<context>
    <name>RequestInspectorWindow</name>
    <message>
        <source>Model call — Prompter</source>
        <translation>मॉडल कॉल — Prompter</translation>
    </message>
    <message>
        <source>Model call · turn {turn} · {step} · seq {seq} — Prompter</source>
        <translation>मॉडल कॉल · दौर {turn} · {step} · क्रम {seq} — Prompter</translation>
    </message>
</context>
<context>
    <name>SaveTestDialog</name>
    <message>
        <source>A conversation from the test chat</source>
        <translation>परीक्षण बातचीत से एक बातचीत</translation>
    </message>
    <message>
        <source>1 message</source>
        <translation>1 संदेश</translation>
    </message>
    <message>
        <source>{count} messages</source>
        <translation>{count} संदेश</translation>
    </message>
    <message>
        <source>From {start} to {end} ({messages})</source>
        <translation>{start} से {end} तक ({messages})</translation>
    </message>
    <message>
        <source>In {step} ({messages})</source>
        <translation>{step} में ({messages})</translation>
    </message>
    <message>
        <source>A conversation ({messages})</source>
        <translation>एक बातचीत ({messages})</translation>
    </message>
    <message>
        <source>the opening</source>
        <translation>शुरुआत</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>बारी {turn}</translation>
    </message>
    <message>
        <source>{where}, model call {number}</source>
        <translation>{where}, मॉडल कॉल {number}</translation>
    </message>
    <message>
        <source>the number of model calls</source>
        <translation>मॉडल कॉल की संख्या</translation>
    </message>
    <message>
        <source>Save chat as test</source>
        <translation>बातचीत को परीक्षण के रूप में सहेजें</translation>
    </message>
    <message>
        <source>Test name:</source>
        <translation>परीक्षण का नाम:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>फ़ाइल:</translation>
    </message>
    <message>
        <source>The expectations are what happened in the chat — the step after each message, the signal taken, the variables it changed. Loosen or remove what should not matter; the file can be edited in the Tests pane.</source>
        <translation>अपेक्षाएँ वही हैं जो बातचीत में हुआ — हर संदेश के बाद का चरण, लिया गया संकेत, बदले गए चर। जो मायने नहीं रखना चाहिए उसे ढीला करें या हटाएँ; फ़ाइल परीक्षण पैनल में बदली जा सकती है।</translation>
    </message>
    <message>
        <source>the test needs a name</source>
        <translation>परीक्षण को एक नाम चाहिए</translation>
    </message>
    <message>
        <source>Adds &lt;code&gt;{test}&lt;/code&gt; and its recording &lt;code&gt;{recording}&lt;/code&gt; ({count} model replies) to the scenario: &lt;b&gt;File ▸ Save&lt;/b&gt; writes them, &lt;b&gt;Undo&lt;/b&gt; takes them back.</source>
        <translation>परिदृश्य में &lt;code&gt;{test}&lt;/code&gt; और उसकी रिकॉर्डिंग &lt;code&gt;{recording}&lt;/code&gt; ({count} मॉडल जवाब) जोड़ता है: &lt;b&gt;फ़ाइल ▸ सहेजें&lt;/b&gt; उन्हें लिखता है, &lt;b&gt;पूर्ववत&lt;/b&gt; उन्हें वापस लेता है।</translation>
    </message>
    <message>
        <source>the file needs a name</source>
        <translation>फ़ाइल को एक नाम चाहिए</translation>
    </message>
    <message>
        <source>use only ASCII letters (a–z, A–Z), digits (0–9), &apos;_&apos; and &apos;-&apos; in the file name, starting with a letter or a digit</source>
        <translation>फ़ाइल के नाम में केवल ASCII अक्षर (a–z, A–Z), अंक (0–9), &apos;_&apos; और &apos;-&apos; रखें, और नाम किसी अक्षर या अंक से शुरू करें</translation>
    </message>
    <message>
        <source>{file} exists already: choose another name</source>
        <translation>{file} पहले से है: कोई दूसरा नाम चुनें</translation>
    </message>
</context>
<context>
    <name>SaveTestJob</name>
    <message>
        <source>the scenario has no folder to save the test in</source>
        <translation>परिदृश्य का कोई फ़ोल्डर नहीं है जिसमें परीक्षण सहेजा जाए</translation>
    </message>
</context>
<context>
    <name>ScenarioEditor</name>
    <message>
        <source>Outcome of “{source}” that leads to “{target}”:</source>
        <translation>“{source}” का परिणाम जो “{target}” तक ले जाता है:</translation>
    </message>
    <message>
        <source>&amp;Add Step</source>
        <translation>चरण जोड़ें</translation>
    </message>
    <message>
        <source>Add a step in free space beside the selected step</source>
        <translation>चुने गए चरण के बगल में ख़ाली जगह पर एक चरण जोड़ें</translation>
    </message>
    <message>
        <source>Re&amp;name Step…</source>
        <translation>चरण का नाम बदलें…</translation>
    </message>
    <message>
        <source>Rename the selected step everywhere</source>
        <translation>चुने गए चरण का नाम हर जगह बदलें</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>हटाएँ</translation>
    </message>
    <message>
        <source>Delete the selected steps (with their transitions) or transitions</source>
        <translation>चुने गए चरण (उनके transitions के साथ) या transitions हटाएँ</translation>
    </message>
    <message>
        <source>Edit &amp;Title</source>
        <translation>शीर्षक संपादित करें</translation>
    </message>
    <message>
        <source>Edit the selected step&apos;s title on the canvas</source>
        <translation>चुने गए चरण का शीर्षक ग्राफ़ पर ही संपादित करें</translation>
    </message>
    <message>
        <source>Zoom to Se&amp;lection</source>
        <translation>चयन पर ज़ूम करें</translation>
    </message>
    <message>
        <source>Fit the selected steps in the view</source>
        <translation>चुने गए चरणों को दृश्य में फ़िट करें</translation>
    </message>
    <message>
        <source>Select &amp;All Steps</source>
        <translation>सभी चरण चुनें</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>खोजें…</translation>
    </message>
    <message>
        <source>Find steps by id, title or instruction text</source>
        <translation>id, शीर्षक या निर्देशों के पाठ से चरण खोजें</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>बड़ा करें</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>छोटा करें</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>विंडो में फ़िट करें</translation>
    </message>
    <message>
        <source>Show the whole graph</source>
        <translation>पूरा ग्राफ़ दिखाएँ</translation>
    </message>
    <message>
        <source>Actual &amp;Size</source>
        <translation>असली आकार</translation>
    </message>
    <message>
        <source>Auto-&amp;Layout</source>
        <translation>अपने-आप व्यवस्थित करें</translation>
    </message>
    <message>
        <source>Arrange the steps in layers from the start step</source>
        <translation>शुरुआती चरण से चरणों को परतों में व्यवस्थित करें</translation>
    </message>
    <message>
        <source>No scenario is open.

File ▸ New… creates one from a template; File ▸ Open… opens a scenario folder.</source>
        <translation>कोई परिदृश्य खुला नहीं है।

फ़ाइल ▸ नया… किसी टेम्पलेट से नया बनाता है; फ़ाइल ▸ खोलें… किसी परिदृश्य का फ़ोल्डर खोलता है।</translation>
    </message>
    <message>
        <source>{edit} was refused; nothing was changed.

{reason}</source>
        <translation>“{edit}” अस्वीकार हुआ; कुछ नहीं बदला गया।

{reason}</translation>
    </message>
    <message>
        <source>Add step</source>
        <translation>चरण जोड़ें</translation>
    </message>
    <message>
        <source>Step id ({rule}):</source>
        <translation>चरण का id ({rule}):</translation>
    </message>
    <message>
        <source>Connect steps</source>
        <translation>चरण जोड़ें (कनेक्ट)</translation>
    </message>
    <message>
        <source>Signal from “{source}” to “{target}”:</source>
        <translation>“{source}” से “{target}” तक का संकेत:</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>कनेक्ट करें</translation>
    </message>
    <message>
        <source>Rename step</source>
        <translation>चरण का नाम बदलें</translation>
    </message>
    <message>
        <source>New id for “{step}” ({rule}):</source>
        <translation>“{step}” का नया id ({rule}):</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>नाम बदलें</translation>
    </message>
    <message>
        <source>Delete selection</source>
        <translation>चुना हुआ हटाएँ</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>हटाएँ</translation>
    </message>
    <message>
        <source>Retitle &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; का शीर्षक बदलें</translation>
    </message>
    <message>
        <source>Edit the text of &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; का पाठ संपादित करें</translation>
    </message>
    <message>
        <source>Change kind</source>
        <translation>प्रकार बदलें</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>पूर्ववत: {edit}</translation>
    </message>
    <message>
        <source>Move &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; खिसकाएँ</translation>
    </message>
    <message>
        <source>Move {count} steps</source>
        <translation>{count} चरण खिसकाएँ</translation>
    </message>
</context>
<context>
    <name>ScenarioPane</name>
    <message>
        <source>Scenario</source>
        <translation>परिदृश्य</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>पर्सोना</translation>
    </message>
    <message>
        <source>shown to the model as the conversation</source>
        <translation>मॉडल को बातचीत के नाम के रूप में दिखाया जाता है</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>शीर्षक</translation>
    </message>
    <message>
        <source>Start step</source>
        <translation>शुरुआती चरण</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>मॉडल</translation>
    </message>
    <message>
        <source>Persona file</source>
        <translation>पर्सोना फ़ाइल</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>नाम</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>टाइप</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>डिफ़ॉल्ट</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>विवरण</translation>
    </message>
    <message>
        <source>Add variable &apos;{name}&apos;</source>
        <translation>चर &apos;{name}&apos; जोड़ें</translation>
    </message>
</context>
<context>
    <name>ScriptWarning</name>
    <message>
        <source>Characters no font can draw</source>
        <translation>ऐसे अक्षर जिन्हें कोई फ़ॉन्ट नहीं दिखा सकता</translation>
    </message>
    <message>
        <source>This scenario uses characters that no font of this computer can draw: {scripts}. They are shown as empty boxes; install a font that covers them.</source>
        <translation>यह परिदृश्य ऐसे अक्षर इस्तेमाल करता है जिन्हें इस कंप्यूटर का कोई फ़ॉन्ट नहीं दिखा सकता: {scripts}। वे ख़ाली डिब्बों की तरह दिखते हैं; कोई ऐसा फ़ॉन्ट इंस्टॉल करें जिसमें वे हों।</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>The server address must start with http:// or https://</source>
        <translation>सर्वर का पता http:// या https:// से शुरू होना चाहिए</translation>
    </message>
    <message>
        <source>A conversation id is letters, digits, - and _ (the server&apos;s id)</source>
        <translation>बातचीत की पहचान अक्षरों, अंकों, - और _ से बनती है (सर्वर की दी हुई)</translation>
    </message>
    <message>
        <source>The server could not be reached: {reason}</source>
        <translation>सर्वर तक पहुँचा नहीं जा सका: {reason}</translation>
    </message>
    <message>
        <source>The log is larger than 512 MB; download it with another tool</source>
        <translation>लॉग 512 MB से बड़ा है; इसे किसी दूसरे टूल से डाउनलोड करें</translation>
    </message>
    <message>
        <source>The server wants an API token (or another one)</source>
        <translation>सर्वर को API टोकन चाहिए (या कोई दूसरा)</translation>
    </message>
    <message>
        <source>The server has no such conversation</source>
        <translation>सर्वर पर ऐसी कोई बातचीत नहीं है</translation>
    </message>
    <message>
        <source>The server answered {status}</source>
        <translation>सर्वर ने {status} जवाब दिया</translation>
    </message>
    <message>
        <source>Open Log from Server</source>
        <translation>सर्वर से लॉग खोलें</translation>
    </message>
    <message>
        <source>the id the server gave the conversation</source>
        <translation>वह आईडी जो सर्वर ने बातचीत को दी</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>केवल तभी, जब सर्वर माँगे</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>सर्वर</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>API token</source>
        <translation>API टोकन</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>डाउनलोड हो रहा है…</translation>
    </message>
    <message>
        <source>The server sent an empty log</source>
        <translation>सर्वर ने खाली लॉग भेजा</translation>
    </message>
    <message>
        <source>The log could not be saved: {error}</source>
        <translation>लॉग सहेजा नहीं जा सका: {error}</translation>
    </message>
</context>
<context>
    <name>SettingsAndLog</name>
    <message>
        <source>Log: {link}</source>
        <translation>लॉग: {link}</translation>
    </message>
    <message>
        <source>Click to open the folder; every test conversation is logged there (JSON Lines).</source>
        <translation>फ़ोल्डर खोलने के लिए क्लिक करें; हर परीक्षण बातचीत का लॉग वहीं लिखा जाता है (JSON Lines)।</translation>
    </message>
    <message>
        <source>Restart the conversation?</source>
        <translation>बातचीत फिर से शुरू करें?</translation>
    </message>
    <message>
        <source>The new settings apply to a new conversation. Restart now (this conversation ends; its log is kept), or keep chatting and restart later?</source>
        <translation>नई सेटिंग्स नई बातचीत पर लागू होती हैं। अभी फिर से शुरू करें (यह बातचीत ख़त्म होगी; इसका लॉग रखा जाएगा), या बात जारी रखें और बाद में फिर से शुरू करें?</translation>
    </message>
    <message>
        <source>The settings changed since this conversation started. Restart to use them.</source>
        <translation>यह बातचीत शुरू होने के बाद सेटिंग्स बदल गईं। उन्हें लागू करने के लिए फिर से शुरू करें।</translation>
    </message>
    <message>
        <source>How actions run changed. Restart to run them that way.</source>
        <translation>कार्रवाइयाँ चलने का तरीका बदला। उस तरह चलाने के लिए फिर से शुरू करें।</translation>
    </message>
    <message>
        <source>Create a reply script</source>
        <translation>जवाबों की स्क्रिप्ट बनाएँ</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot write the reply script:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;जवाबों की स्क्रिप्ट लिखी नहीं जा सकी:&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Save the conversation log</source>
        <translation>बातचीत का लॉग सहेजें</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot save the log:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;लॉग सहेजा नहीं जा सका:&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Conversation logs (*.jsonl);;All files (*)</source>
        <translation>बातचीत के लॉग (*.jsonl);;सभी फ़ाइलें (*)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts — Prompter Studio</source>
        <translation>कीबोर्ड शॉर्टकट — Prompter Studio</translation>
    </message>
    <message>
        <source>Graph and text</source>
        <translation>ग्राफ़ और पाठ</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>आदेश</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>कुंजियाँ</translation>
    </message>
</context>
<context>
    <name>SimulateDialog</name>
    <message>
        <source>Simulate</source>
        <translation>सिमुलेट करें</translation>
    </message>
    <message>
        <source>Simulated users play personas against &lt;b&gt;{scenario}&lt;/b&gt; as it is open in the editor (unsaved edits included), many conversations at once, and the report shows where the script breaks.</source>
        <translation>सिम्युलेटेड उपयोगकर्ता &lt;b&gt;{scenario}&lt;/b&gt; के सामने, जैसा वह संपादक में खुला है (बिना सहेजे बदलावों समेत), पर्सोना निभाते हैं — एक साथ कई बातचीत — और रिपोर्ट दिखाती है कि स्क्रिप्ट कहाँ टूटती है।</translation>
    </message>
    <message>
        <source>Run simulation</source>
        <translation>सिमुलेशन चलाएँ</translation>
    </message>
    <message>
        <source>Personas ({folder}/ in {scenario})</source>
        <translation>पर्सोना ({scenario} में {folder}/)</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>फिर से पढ़ें</translation>
    </message>
    <message>
        <source>Read the persona files again (after editing them)</source>
        <translation>पर्सोना फ़ाइलें फिर से पढ़ें (उन्हें बदलने के बाद)</translation>
    </message>
    <message>
        <source>No personas yet. Write &lt;code&gt;{file}&lt;/code&gt; in the scenario&apos;s folder: who the user is, what they want, how they behave, and the facts they know (see docs/simulation.md).</source>
        <translation>अभी कोई पर्सोना नहीं। परिदृश्य के फ़ोल्डर में &lt;code&gt;{file}&lt;/code&gt; लिखें: उपयोगकर्ता कौन है, क्या चाहता है, कैसा व्यवहार करता है और कौन-से तथ्य जानता है (देखें docs/simulation.md)।</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>Conversations each chosen persona plays</source>
        <translation>हर चुना गया पर्सोना कितनी बातचीत करता है</translation>
    </message>
    <message>
        <source>User messages after which a conversation that has not reached a final step counts as stuck</source>
        <translation>उपयोगकर्ता के इतने संदेशों के बाद, जो बातचीत अंतिम चरण तक नहीं पहुँची, वह अटकी मानी जाती है</translation>
    </message>
    <message>
        <source>Conversations run at the same time (the rate limits pace them)</source>
        <translation>एक साथ चलने वाली बातचीत (दर सीमाएँ उनकी गति तय करती हैं)</translation>
    </message>
    <message>
        <source>Runs per persona</source>
        <translation>प्रति पर्सोना रन</translation>
    </message>
    <message>
        <source>Max turns (then: stuck)</source>
        <translation>अधिकतम दौर (फिर: अटकी)</translation>
    </message>
    <message>
        <source>Conversations at once</source>
        <translation>एक साथ बातचीत</translation>
    </message>
    <message>
        <source>Models and rate limits</source>
        <translation>मॉडल और दर सीमाएँ</translation>
    </message>
    <message>
        <source>The project&apos;s fake model: no key, no cost — it plays the script and the personas by rule, so it tries the simulation out but does not judge your instructions</source>
        <translation>प्रोजेक्ट का नकली मॉडल: न कुंजी, न ख़र्च — यह स्क्रिप्ट और पर्सोना को नियमों से निभाता है, इसलिए सिमुलेशन आज़माने देता है पर आपके निर्देशों को नहीं परखता</translation>
    </message>
    <message>
        <source>The test chat&apos;s: {model} ({key})</source>
        <translation>टेस्ट चैट वाला: {model} ({key})</translation>
    </message>
    <message>
        <source>The test chat&apos;s: {model} (no API key)</source>
        <translation>टेस्ट चैट वाला: {model} (कोई API कुंजी नहीं)</translation>
    </message>
    <message>
        <source>Or try it now with the fake model below.</source>
        <translation>या नीचे दिए नकली मॉडल से अभी आज़माएँ।</translation>
    </message>
    <message>
        <source>the scenario&apos;s ({model})</source>
        <translation>परिदृश्य वाला ({model})</translation>
    </message>
    <message>
        <source>each persona&apos;s own, else the bot&apos;s</source>
        <translation>हर पर्सोना का अपना, वरना बॉट वाला</translation>
    </message>
    <message>
        <source>Override for this run</source>
        <translation>इस रन के लिए बदलें</translation>
    </message>
    <message>
        <source>requests/min</source>
        <translation>अनुरोध/मिनट</translation>
    </message>
    <message>
        <source>tokens/min</source>
        <translation>टोकन/मिनट</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>कोई सीमा नहीं</translation>
    </message>
    <message>
        <source>Bot&apos;s model</source>
        <translation>बॉट का मॉडल</translation>
    </message>
    <message>
        <source>Simulated user&apos;s</source>
        <translation>सिम्युलेटेड उपयोगकर्ता का</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>दर सीमाएँ</translation>
    </message>
    <message>
        <source>report.json, summary.txt and every conversation&apos;s log go here</source>
        <translation>report.json, summary.txt और हर बातचीत का लॉग यहाँ जाते हैं</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>ब्राउज़ करें…</translation>
    </message>
    <message>
        <source>Report and logs in</source>
        <translation>रिपोर्ट और लॉग यहाँ</translation>
    </message>
    <message>
        <source>Choose at least one persona.</source>
        <translation>कम से कम एक पर्सोना चुनें।</translation>
    </message>
    <message>
        <source>Choose a folder for the report and the logs.</source>
        <translation>रिपोर्ट और लॉग के लिए एक फ़ोल्डर चुनें।</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} persona file(s) with errors; nothing was run.&lt;/b&gt; Fix them or leave them out:</source>
        <translation>&lt;b&gt;{count} पर्सोना फ़ाइलों में त्रुटियाँ; कुछ नहीं चलाया गया।&lt;/b&gt; उन्हें ठीक करें या छोड़ दें:</translation>
    </message>
    <message>
        <source>= {total} conversation(s), {personas} persona(s) × {runs}</source>
        <translation>= {total} बातचीत, {personas} पर्सोना × {runs}</translation>
    </message>
    <message>
        <source>{count} chosen persona file(s) do not parse (see the preview): fix them or leave them out, or nothing will run.</source>
        <translation>{count} चुनी गई पर्सोना फ़ाइलें पार्स नहीं होतीं (पूर्वावलोकन देखें): उन्हें ठीक करें या छोड़ दें, वरना कुछ नहीं चलेगा।</translation>
    </message>
    <message>
        <source>The fake model has no rate limit: the conversations are not paced.</source>
        <translation>नकली मॉडल की कोई दर सीमा नहीं है: बातचीत की गति सीमित नहीं की जाती।</translation>
    </message>
    <message>
        <source>These limits apply to every model of this run, each apart; 0 means no limit.</source>
        <translation>ये सीमाएँ इस रन के हर मॉडल पर अलग-अलग लागू होती हैं; 0 का अर्थ है कोई सीमा नहीं।</translation>
    </message>
    <message>
        <source>Per model, from {file} (edit it for your organisation&apos;s limits): {limits}.</source>
        <translation>हर मॉडल के लिए, {file} से (अपने संगठन की सीमाओं के लिए इसे बदलें): {limits}।</translation>
    </message>
    <message>
        <source>Per model, the defaults: {limits}.</source>
        <translation>हर मॉडल के लिए, डिफ़ॉल्ट: {limits}।</translation>
    </message>
    <message>
        <source>{count} requests/min</source>
        <translation>{count} अनुरोध/मिनट</translation>
    </message>
    <message>
        <source>no request limit</source>
        <translation>अनुरोधों की कोई सीमा नहीं</translation>
    </message>
    <message>
        <source>{count} tokens/min</source>
        <translation>{count} टोकन/मिनट</translation>
    </message>
    <message>
        <source>no token limit</source>
        <translation>टोकन की कोई सीमा नहीं</translation>
    </message>
    <message>
        <source>Folder for the report and the logs</source>
        <translation>रिपोर्ट और लॉग का फ़ोल्डर</translation>
    </message>
    <message>
        <source>The rate limits cannot be read: {error} — the simulation will not start until it is fixed, or override them here.</source>
        <translation>दर सीमाएँ पढ़ी नहीं जा सकतीं: {error} — ठीक होने तक सिमुलेशन शुरू नहीं होगा, या उन्हें यहाँ बदलें।</translation>
    </message>
</context>
<context>
    <name>SimulationJob</name>
    <message>
        <source>the simulation failed</source>
        <translation>सिमुलेशन विफल रहा</translation>
    </message>
</context>
<context>
    <name>SimulationProgress</name>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} से.</translation>
    </message>
</context>
<context>
    <name>SimulationReport</name>
    <message>
        <source>finished</source>
        <translation>पूरी</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>अटकी</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>छोड़ी गई</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>विफल</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>रद्द</translation>
    </message>
    <message>
        <source>{count} finished</source>
        <translation>{count} पूरी</translation>
    </message>
    <message>
        <source>{count} stuck</source>
        <translation>{count} अटकी</translation>
    </message>
    <message>
        <source>{count} abandoned</source>
        <translation>{count} छोड़ी गईं</translation>
    </message>
    <message>
        <source>{count} failed</source>
        <translation>{count} विफल</translation>
    </message>
    <message>
        <source>{count} cancelled</source>
        <translation>{count} रद्द</translation>
    </message>
    <message>
        <source>All personas</source>
        <translation>सभी पर्सोना</translation>
    </message>
    <message>
        <source>{calls} call(s): {count} message(s)</source>
        <translation>{calls} कॉल: {count} संदेश</translation>
    </message>
    <message>
        <source>calls per user message over {count} message(s)</source>
        <translation>{count} संदेशों पर प्रति उपयोगकर्ता संदेश कॉल</translation>
    </message>
    <message>
        <source>cost per conversation over {count} conversation(s); mean {mean}</source>
        <translation>{count} बातचीत पर प्रति बातचीत ख़र्च; औसत {mean}</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>पर्सोना</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>पूरी</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>अटकी</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>छोड़ी गईं</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>विफल</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>ख़र्च</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>भूमिका</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>कॉल</translation>
    </message>
    <message>
        <source>Calls / msg
mean</source>
        <translation>कॉल / संदेश
औसत</translation>
    </message>
    <message>
        <source>Calls / msg
p90</source>
        <translation>कॉल / संदेश
p90</translation>
    </message>
    <message>
        <source>Calls / msg
max</source>
        <translation>कॉल / संदेश
अधिकतम</translation>
    </message>
    <message>
        <source>Cost / conv.
median</source>
        <translation>ख़र्च / बातचीत
माध्यिका</translation>
    </message>
    <message>
        <source>Cost / conv.
p90</source>
        <translation>ख़र्च / बातचीत
p90</translation>
    </message>
    <message>
        <source>Cost / conv.
max</source>
        <translation>ख़र्च / बातचीत
अधिकतम</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>बॉट</translation>
    </message>
    <message>
        <source>Simulated user</source>
        <translation>सिम्युलेटेड उपयोगकर्ता</translation>
    </message>
    <message>
        <source>(+{count} cancelled)</source>
        <translation>(+{count} रद्द)</translation>
    </message>
    <message>
        <source>cancelled conversations are left out of the figures</source>
        <translation>रद्द बातचीत आँकड़ों में शामिल नहीं हैं</translation>
    </message>
    <message>
        <source>bot and simulated user</source>
        <translation>बॉट और सिम्युलेटेड उपयोगकर्ता</translation>
    </message>
    <message>
        <source>{requests} requests, {limited} × 429, {retries} retried</source>
        <translation>{requests} अनुरोध, {limited} × 429, {retries} दोबारा भेजे गए</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>विज़िट</translation>
    </message>
    <message>
        <source>Turns
/ visit</source>
        <translation>दौर
/ विज़िट</translation>
    </message>
    <message>
        <source>Viola-
tions</source>
        <translation>उल्लं-
घन</translation>
    </message>
    <message>
        <source>Correc-
tions</source>
        <translation>सुधार</translation>
    </message>
    <message>
        <source>Fall-
backs</source>
        <translation>वैकल्पिक
संदेश</translation>
    </message>
    <message>
        <source>Stuck
here</source>
        <translation>यहाँ
अटकी</translation>
    </message>
    <message>
        <source>Aban-
doned
here</source>
        <translation>यहाँ
छोड़ी
गईं</translation>
    </message>
    <message>
        <source>Failed
here</source>
        <translation>यहाँ
विफल</translation>
    </message>
    <message>
        <source>Violations by kind</source>
        <translation>प्रकार के अनुसार उल्लंघन</translation>
    </message>
    <message>
        <source>salvaged replies (not counted as violations): {kinds}</source>
        <translation>बचाए गए जवाब (उल्लंघन में नहीं गिने गए): {kinds}</translation>
    </message>
    <message>
        <source>{step} (not in this scenario)</source>
        <translation>{step} (इस परिदृश्य में नहीं)</translation>
    </message>
    <message>
        <source>not in the scenario as it is now</source>
        <translation>परिदृश्य की मौजूदा स्थिति में नहीं</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>रन</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>स्थिति</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>Ended in</source>
        <translation>यहाँ ख़त्म</translation>
    </message>
    <message>
        <source>Bot calls</source>
        <translation>बॉट कॉल</translation>
    </message>
    <message>
        <source>Bot cost</source>
        <translation>बॉट ख़र्च</translation>
    </message>
    <message>
        <source>User calls</source>
        <translation>उपयोगकर्ता कॉल</translation>
    </message>
    <message>
        <source>User cost</source>
        <translation>उपयोगकर्ता ख़र्च</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>तथ्य</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>टिप्पणी</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>मेल खाता है</translation>
    </message>
    <message>
        <source>disagrees</source>
        <translation>मेल नहीं खाता</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>ग़ायब</translation>
    </message>
    <message>
        <source>no log</source>
        <translation>कोई लॉग नहीं</translation>
    </message>
    <message>
        <source>all agree</source>
        <translation>सब मेल खाते हैं</translation>
    </message>
    <message>
        <source>{name}: persona {fact}, recorded {recorded} ({verdict})</source>
        <translation>{name}: पर्सोना {fact}, दर्ज {recorded} ({verdict})</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>अंत</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>रास्ता</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>तथ्य</translation>
    </message>
    <message>
        <source>Persona&apos;s value</source>
        <translation>पर्सोना का मान</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>मेल</translation>
    </message>
    <message>
        <source>Disagree</source>
        <translation>बेमेल</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>ग़ायब</translation>
    </message>
    <message>
        <source>Recorded instead (conversation: value)</source>
        <translation>इसके बजाय दर्ज (बातचीत: मान)</translation>
    </message>
</context>
<context>
    <name>SimulationShading</name>
    <message>
        <source>Where conversations ended unfinished</source>
        <translation>बातचीत कहाँ अधूरी ख़त्म हुई</translation>
    </message>
    <message>
        <source>Contract violations per visit</source>
        <translation>प्रति विज़िट अनुबंध के उल्लंघन</translation>
    </message>
    <message>
        <source>Turns per visit</source>
        <translation>प्रति विज़िट दौर</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>विज़िट</translation>
    </message>
    <message>
        <source>Ended here unfinished</source>
        <translation>यहाँ अधूरी ख़त्म हुई</translation>
    </message>
    <message>
        <source>Violations per visit</source>
        <translation>प्रति विज़िट उल्लंघन</translation>
    </message>
    <message>
        <source>User messages per visit</source>
        <translation>प्रति विज़िट उपयोगकर्ता के संदेश</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>नहीं पहुँचे</translation>
    </message>
    <message>
        <source>step {numbers} of the path</source>
        <translation>रास्ते का चरण {numbers}</translation>
    </message>
    <message>
        <source>on the path</source>
        <translation>रास्ते पर</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>लिया गया</translation>
    </message>
    <message>
        <source>choose a shading above to see all conversations again</source>
        <translation>सभी बातचीत फिर से देखने के लिए ऊपर कोई रंग-योजना चुनें</translation>
    </message>
    <message>
        <source>ended here unfinished: {counts}</source>
        <translation>यहाँ अधूरी ख़त्म हुई: {counts}</translation>
    </message>
    <message>
        <source>no conversation ended here unfinished</source>
        <translation>कोई बातचीत यहाँ अधूरी ख़त्म नहीं हुई</translation>
    </message>
    <message>
        <source>{count} finished here</source>
        <translation>{count} यहाँ पूरी हुई</translation>
    </message>
    <message>
        <source>{count} violation(s)</source>
        <translation>{count} उल्लंघन</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turns per visit</source>
        <translation>{visits} विज़िट, प्रति विज़िट {turns} दौर</translation>
    </message>
    <message>
        <source>{corrections} correction(s), {fallbacks} fallback(s)</source>
        <translation>{corrections} सुधार, {fallbacks} वैकल्पिक संदेश</translation>
    </message>
    <message>
        <source>none</source>
        <translation>कोई नहीं</translation>
    </message>
    <message>
        <source>{count} conversation(s)</source>
        <translation>{count} बातचीत</translation>
    </message>
</context>
<context>
    <name>SimulationSource</name>
    <message>
        <source>No OpenAI API key. Add one in the test chat&apos;s &lt;b&gt;Settings…&lt;/b&gt; (kept in the system keyring, never in a file), or set &lt;code&gt;{variable}&lt;/code&gt; before starting the studio.</source>
        <translation>कोई OpenAI API कुंजी नहीं। टेस्ट चैट की &lt;b&gt;सेटिंग्स…&lt;/b&gt; में एक जोड़ें (सिस्टम कीरिंग में रखी जाती है, कभी फ़ाइल में नहीं), या स्टूडियो शुरू करने से पहले &lt;code&gt;{variable}&lt;/code&gt; सेट करें।</translation>
    </message>
    <message>
        <source>the project&apos;s fake model (no key, no cost)</source>
        <translation>प्रोजेक्ट का नकली मॉडल (न कुंजी, न ख़र्च)</translation>
    </message>
    <message>
        <source>The test chat replays a script, which cannot play a user: the simulation calls the Responses API.</source>
        <translation>टेस्ट चैट एक स्क्रिप्ट दोहराता है, जो उपयोगकर्ता नहीं निभा सकती: सिमुलेशन Responses API को कॉल करता है।</translation>
    </message>
</context>
<context>
    <name>SimulationWindow</name>
    <message>
        <source>{name} — simulation — Prompter</source>
        <translation>{name} — सिमुलेशन — Prompter</translation>
    </message>
    <message>
        <source>{conversations} conversation(s) of {personas} persona(s) on {source}; report and logs in {folder}</source>
        <translation>{source} पर {personas} पर्सोना की {conversations} बातचीत; रिपोर्ट और लॉग {folder} में</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>सिमुलेशन</translation>
    </message>
    <message>
        <source> Shade steps by: </source>
        <translation> चरणों को इसके अनुसार रंगें: </translation>
    </message>
    <message>
        <source>The other measures need the per-step figures: they come when the run ends</source>
        <translation>बाक़ी मापों को चरण-वार आँकड़े चाहिए: वे रन ख़त्म होने पर आते हैं</translation>
    </message>
    <message>
        <source>Open log</source>
        <translation>लॉग खोलें</translation>
    </message>
    <message>
        <source>Open the selected conversation&apos;s log in the log viewer (or double-click it)</source>
        <translation>चुनी गई बातचीत का लॉग लॉग व्यूअर में खोलें (या उस पर डबल-क्लिक करें)</translation>
    </message>
    <message>
        <source>Save as test…</source>
        <translation>परीक्षण के रूप में सहेजें…</translation>
    </message>
    <message>
        <source>Keep the selected conversation as a scenario test, with its cassette</source>
        <translation>चुनी गई बातचीत को उसकी कैसेट के साथ परिदृश्य परीक्षण के रूप में रखें</translation>
    </message>
    <message>
        <source>Show report folder</source>
        <translation>रिपोर्ट फ़ोल्डर दिखाएँ</translation>
    </message>
    <message>
        <source>&lt;b&gt;Calls and cost&lt;/b&gt; — the bot and the simulated user apart: calls per user message, cost per conversation</source>
        <translation>&lt;b&gt;कॉल और ख़र्च&lt;/b&gt; — बॉट और सिम्युलेटेड उपयोगकर्ता अलग-अलग: प्रति उपयोगकर्ता संदेश कॉल, प्रति बातचीत ख़र्च</translation>
    </message>
    <message>
        <source>Bot: calls per message</source>
        <translation>बॉट: प्रति संदेश कॉल</translation>
    </message>
    <message>
        <source>calls / message</source>
        <translation>कॉल / संदेश</translation>
    </message>
    <message>
        <source>User messages per conversation</source>
        <translation>प्रति बातचीत उपयोगकर्ता के संदेश</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>संदेश</translation>
    </message>
    <message>
        <source>Bot: cost / conversation</source>
        <translation>बॉट: ख़र्च / बातचीत</translation>
    </message>
    <message>
        <source>Simulated user: cost / conversation</source>
        <translation>सिम्युलेटेड उपयोगकर्ता: ख़र्च / बातचीत</translation>
    </message>
    <message>
        <source>All conversations</source>
        <translation>सभी बातचीत</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>दिखाएँ:</translation>
    </message>
    <message>
        <source>double-click a conversation to open its log</source>
        <translation>किसी बातचीत का लॉग खोलने के लिए उस पर डबल-क्लिक करें</translation>
    </message>
    <message>
        <source>The steps each conversation entered, in order, most frequent first; select one to draw it on the graph.</source>
        <translation>हर बातचीत जिन चरणों में गई, क्रम से, सबसे ज़्यादा होने वाले पहले; ग्राफ़ पर दिखाने के लिए किसी एक को चुनें।</translation>
    </message>
    <message>
        <source>The personas&apos; facts the report checks against what the bot recorded; double-click one to open the first conversation that got it wrong.</source>
        <translation>पर्सोना के वे तथ्य जिन्हें रिपोर्ट बॉट के दर्ज किए से मिलाती है; जिस पहली बातचीत में यह ग़लत हुआ उसे खोलने के लिए डबल-क्लिक करें।</translation>
    </message>
    <message>
        <source>By persona</source>
        <translation>पर्सोना के अनुसार</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>The report comes when the run ends; conversations are listed as they end.</source>
        <translation>रिपोर्ट रन ख़त्म होने पर आती है; बातचीत जैसे-जैसे ख़त्म होती हैं, सूची में आती हैं।</translation>
    </message>
    <message>
        <source>Paths</source>
        <translation>रास्ते</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>तथ्य</translation>
    </message>
    <message>
        <source>Paths ({count})</source>
        <translation>रास्ते ({count})</translation>
    </message>
    <message>
        <source>Facts ({count} wrong)</source>
        <translation>तथ्य ({count} ग़लत)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was simulated.&lt;/b&gt;</source>
        <translation>&lt;b&gt;कुछ भी सिमुलेट नहीं हुआ।&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;{reported} of {planned} conversations&lt;/b&gt; in {duration}: {counts}</source>
        <translation>{duration} में &lt;b&gt;{planned} में से {reported} बातचीत&lt;/b&gt;: {counts}</translation>
    </message>
    <message>
        <source>({count} cancelled, left out)</source>
        <translation>({count} रद्द, छोड़ी गईं)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped early&lt;/b&gt; ({why}): the figures cover the conversations that ended.</source>
        <translation>&lt;b&gt;पहले ही रोका गया&lt;/b&gt; ({why}): आँकड़े ख़त्म हुई बातचीतों के हैं।</translation>
    </message>
    <message>
        <source>{paths} distinct path(s) · bot {bot_calls} calls, {bot_cost} · simulated user {user_calls} calls, {user_cost} · {rate} requests/min, {limited} × 429</source>
        <translation>{paths} अलग रास्ते · बॉट {bot_calls} कॉल, {bot_cost} · सिम्युलेटेड उपयोगकर्ता {user_calls} कॉल, {user_cost} · {rate} अनुरोध/मिनट, {limited} × 429</translation>
    </message>
</context>
<context>
    <name>StepForm</name>
    <message>
        <source>Select a step on the graph to see and edit it here.

Double-click empty canvas to add a step; drag from a step&apos;s handle (or Shift+drag) onto another to connect them.</source>
        <translation>किसी चरण को यहाँ देखने और बदलने के लिए ग्राफ़ में उसे चुनें।

नया चरण जोड़ने के लिए ख़ाली कैनवास पर डबल-क्लिक करें; दो चरण जोड़ने के लिए एक चरण के हैंडल से (या Shift+खींचकर) दूसरे तक खींचें।</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>नाम बदलें…</translation>
    </message>
    <message>
        <source>Rename the step and every transition to it (F2)</source>
        <translation>चरण और उस तक आने वाले सभी ट्रांज़िशन का नाम बदलें (F2)</translation>
    </message>
    <message>
        <source>shown on the graph and to the model</source>
        <translation>ग्राफ़ पर और मॉडल को दिखाया जाता है</translation>
    </message>
    <message>
        <source>one line; other steps see it as &apos;next goal&apos;</source>
        <translation>एक पंक्ति; दूसरे चरण इसे &apos;अगला लक्ष्य&apos; के रूप में देखते हैं</translation>
    </message>
    <message>
        <source>the conversation ends here</source>
        <translation>बातचीत यहीं समाप्त होती है</translation>
    </message>
    <message>
        <source>wait: wait for the user; respond: reply at once (one extra model call)</source>
        <translation>wait: उपयोगकर्ता का इंतज़ार; respond: तुरंत जवाब (मॉडल की एक अतिरिक्त कॉल)</translation>
    </message>
    <message>
        <source>Select a transition to edit its description and guard below; double-click the signal to rename it</source>
        <translation>नीचे विवरण और शर्त बदलने के लिए कोई ट्रांज़िशन चुनें; नाम बदलने के लिए संकेत पर डबल-क्लिक करें</translation>
    </message>
    <message>
        <source>when the model should take this signal</source>
        <translation>मॉडल को यह संकेत कब लेना चाहिए</translation>
    </message>
    <message>
        <source>variables set before it is allowed, e.g. name, email</source>
        <translation>इसकी अनुमति से पहले भरे जाने वाले चर, जैसे name, email</translation>
    </message>
    <message>
        <source>Select a result to edit its description below</source>
        <translation>नीचे विवरण बदलने के लिए कोई परिणाम चुनें</translation>
    </message>
    <message>
        <source>what the model should put here</source>
        <translation>मॉडल को यहाँ क्या रखना चाहिए</translation>
    </message>
    <message>
        <source>the allowed values, e.g. web, mobile</source>
        <translation>अनुमत मान, जैसे web, mobile</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>शीर्षक</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>लक्ष्य</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>प्रकार</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>अंतिम</translation>
    </message>
    <message>
        <source>On enter</source>
        <translation>प्रवेश पर</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>निर्देश</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>पाठ</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>विवरण</translation>
    </message>
    <message>
        <source>Requires</source>
        <translation>ज़रूरी</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>मान</translation>
    </message>
    <message>
        <source>Transitions</source>
        <translation>ट्रांज़िशन</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>परिणाम</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>नतीजा</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>संकेत</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>लक्ष्य चरण</translation>
    </message>
    <message>
        <source>Guard</source>
        <translation>शर्त</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>नाम</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>टाइप</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>अनिवार्य</translation>
    </message>
    <message>
        <source>start</source>
        <translation>शुरुआत</translation>
    </message>
</context>
<context>
    <name>StepIds</name>
    <message>
        <source>ASCII letters (a–z, A–Z), digits (0–9) and _, not starting with a digit</source>
        <translation>ASCII अक्षर (a–z, A–Z), अंक (0–9) और _, पर शुरुआत अंक से नहीं</translation>
    </message>
    <message>
        <source>the name is empty</source>
        <translation>नाम ख़ाली है</translation>
    </message>
    <message>
        <source>“{name}” has a space: spaces are not allowed in signals (use _ instead, e.g. “{suggestion}”); use {rule}</source>
        <translation>“{name}” में खाली जगह है: संकेतों में खाली जगह की अनुमति नहीं (इसके बजाय _ लिखें, जैसे “{suggestion}”); {rule} का प्रयोग करें</translation>
    </message>
    <message>
        <source>“{name}” has a space: spaces are not allowed in ids (use _ instead, e.g. “{suggestion}”); use {rule}</source>
        <translation>“{name}” में खाली जगह है: id में खाली जगह की अनुमति नहीं (इसके बजाय _ लिखें, जैसे “{suggestion}”); {rule} का प्रयोग करें</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit: a signal starts with a letter or _</source>
        <translation>“{name}” अंक से शुरू होता है: संकेत अक्षर या _ से शुरू होता है</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit: an id starts with a letter or _</source>
        <translation>“{name}” अंक से शुरू होता है: id अक्षर या _ से शुरू होता है</translation>
    </message>
    <message>
        <source>“{name}” has {characters}, which signals cannot hold: use {rule}</source>
        <translation>“{name}” में {characters} है, जो संकेत में नहीं हो सकता: {rule} का प्रयोग करें</translation>
    </message>
    <message>
        <source>“{name}” has {characters}, which ids cannot hold: use {rule}</source>
        <translation>“{name}” में {characters} है, जो id में नहीं हो सकता: {rule} का प्रयोग करें</translation>
    </message>
    <message>
        <source>a step “{name}” exists already: choose another id</source>
        <translation>चरण “{name}” पहले से है: कोई दूसरा id चुनें</translation>
    </message>
    <message>
        <source>“{name}” is the signal every step has for staying: choose another name</source>
        <translation>“{name}” वह संकेत है जो हर चरण में रुकने के लिए होता है: कोई दूसरा नाम चुनें</translation>
    </message>
    <message>
        <source>step “{step}” has a signal “{name}” already: choose another name</source>
        <translation>चरण “{step}” में संकेत “{name}” पहले से है: कोई दूसरा नाम चुनें</translation>
    </message>
</context>
<context>
    <name>StepKinds</name>
    <message>
        <source>Question</source>
        <translation>प्रश्न</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>संदेश</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>ऐक्शन</translation>
    </message>
    <message>
        <source>End</source>
        <translation>समाप्ति</translation>
    </message>
    <message>
        <source>A prompt step: the model talks under its instructions</source>
        <translation>प्रॉम्प्ट चरण: मॉडल अपने निर्देशों के अनुसार बात करता है</translation>
    </message>
    <message>
        <source>A message step: fixed text, no model call</source>
        <translation>संदेश चरण: तय पाठ, मॉडल को कोई कॉल नहीं</translation>
    </message>
    <message>
        <source>An action step: calls Python or HTTP, no model call</source>
        <translation>ऐक्शन चरण: Python या HTTP को कॉल करता है, मॉडल को कोई कॉल नहीं</translation>
    </message>
    <message>
        <source>A final message: says goodbye and ends the conversation</source>
        <translation>अंतिम संदेश: विदा कहता है और बातचीत समाप्त करता है</translation>
    </message>
    <message>
        <source>Thank you, goodbye!</source>
        <translation>धन्यवाद, अलविदा!</translation>
    </message>
    <message>
        <source>Write the message here.</source>
        <translation>संदेश यहाँ लिखें।</translation>
    </message>
</context>
<context>
    <name>StepPalette</name>
    <message>
        <source>Step kinds</source>
        <translation>चरण के प्रकार</translation>
    </message>
    <message>
        <source>{what} ({keys}; or drag it onto the canvas)</source>
        <translation>{what} ({keys}; या इसे ग्राफ़ पर खींचें)</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>log</source>
        <translation>लॉग</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>उल्लंघन</translation>
    </message>
    <message>
        <source>corrections</source>
        <translation>सुधार</translation>
    </message>
    <message>
        <source>fallbacks</source>
        <translation>वैकल्पिक संदेश</translation>
    </message>
    <message>
        <source>left here</source>
        <translation>यहाँ छोड़ा</translation>
    </message>
    <message>
        <source>Reading the logs…</source>
        <translation>लॉग पढ़े जा रहे हैं…</translation>
    </message>
    <message>
        <source>No conversation in these logs reached this step.</source>
        <translation>इन लॉग की कोई बातचीत इस चरण तक नहीं पहुँची।</translation>
    </message>
    <message>
        <source>not in this scenario: recorded with another version</source>
        <translation>इस परिदृश्य में नहीं: किसी दूसरे संस्करण के साथ दर्ज</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>{turns} in {conversations} conversation(s)</source>
        <translation>{conversations} बातचीत में {turns}</translation>
    </message>
    <message>
        <source>Model calls</source>
        <translation>मॉडल कॉल</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>उल्लंघन</translation>
    </message>
    <message>
        <source>Corrections / fallbacks</source>
        <translation>सुधार / वैकल्पिक संदेश</translation>
    </message>
    <message>
        <source>Tokens in / cached / out</source>
        <translation>टोकन इनपुट / कैश में / आउटपुट</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>ख़र्च</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conversations that struggled here&lt;/b&gt; ({count}; double-click opens the log at that turn)</source>
        <translation>&lt;b&gt;यहाँ अटकी बातचीत&lt;/b&gt; ({count}; डबल-क्लिक उस दौर पर लॉग खोलता है)</translation>
    </message>
    <message>
        <source>No conversation struggled here.</source>
        <translation>यहाँ कोई बातचीत नहीं अटकी।</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>हाँ</translation>
    </message>
    <message>
        <source>&lt;b&gt;All conversations&lt;/b&gt; — click a step for its figures</source>
        <translation>&lt;b&gt;सभी बातचीत&lt;/b&gt; — आँकड़ों के लिए किसी चरण पर क्लिक करें</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>लॉग</translation>
    </message>
    <message>
        <source>{files} file(s), {events} events</source>
        <translation>{files} फ़ाइलें, {events} घटनाएँ</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>बातचीत</translation>
    </message>
    <message>
        <source>{conversations}, {finished} finished</source>
        <translation>{conversations}, {finished} पूरी</translation>
    </message>
    <message>
        <source>{cost} in all</source>
        <translation>कुल {cost}</translation>
    </message>
    <message>
        <source>Damaged lines</source>
        <translation>ख़राब पंक्तियाँ</translation>
    </message>
    <message>
        <source>{count} skipped (first: {first})</source>
        <translation>{count} छोड़ी गईं (पहली: {first})</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>पढ़ी नहीं जा सकीं</translation>
    </message>
    <message>
        <source>Left out</source>
        <translation>छोड़े गए</translation>
    </message>
    <message>
        <source>{names} (not conversation logs)</source>
        <translation>{names} (बातचीत के लॉग नहीं)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Steps in the logs that this scenario does not have&lt;/b&gt; (recorded with another version; their figures are kept)</source>
        <translation>&lt;b&gt;लॉग के वे चरण जो इस परिदृश्य में नहीं हैं&lt;/b&gt; (किसी दूसरे संस्करण के साथ दर्ज; उनके आँकड़े रखे गए हैं)</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turn(s)</source>
        <translation>{visits} विज़िट, {turns} दौर</translation>
    </message>
</context>
<context>
    <name>StepTables</name>
    <message>
        <source>{count} variables</source>
        <translation>{count} चर</translation>
    </message>
    <message>
        <source>requires ({count}): {names}</source>
        <translation>ज़रूरी ({count}): {names}</translation>
    </message>
    <message>
        <source>no guard: the signal is always allowed</source>
        <translation>कोई शर्त नहीं: संकेत हमेशा अनुमत है</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>कोई विवरण नहीं</translation>
    </message>
    <message>
        <source>“{name}” cannot name a result here (invalid or taken)</source>
        <translation>“{name}” यहाँ किसी परिणाम का नाम नहीं हो सकता (अमान्य या पहले से लिया हुआ)</translation>
    </message>
    <message>
        <source>Enum values</source>
        <translation>enum के मान</translation>
    </message>
    <message>
        <source>Allowed values, separated by commas:</source>
        <translation>अनुमत मान, अल्पविराम से अलग:</translation>
    </message>
    <message>
        <source>Make result &apos;{name}&apos; of &apos;{step}&apos; an enum</source>
        <translation>&apos;{step}&apos; के परिणाम &apos;{name}&apos; को enum बनाएँ</translation>
    </message>
    <message>
        <source>Make result &apos;{name}&apos; of &apos;{step}&apos; {type}</source>
        <translation>&apos;{step}&apos; के परिणाम &apos;{name}&apos; का टाइप {type} करें</translation>
    </message>
    <message>
        <source>Add result &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>&apos;{step}&apos; में परिणाम &apos;{name}&apos; जोड़ें</translation>
    </message>
</context>
<context>
    <name>Studio</name>
    <message>
        <source>The default scenario was not found at {folder}.</source>
        <translation>डिफ़ॉल्ट परिदृश्य {folder} में नहीं मिला।</translation>
    </message>
    <message>
        <source>Cannot open {file}:
{error}</source>
        <translation>{file} नहीं खुल सका:
{error}</translation>
    </message>
</context>
<context>
    <name>StudioChat</name>
    <message>
        <source>Open Conversation &amp;Log…</source>
        <translation>बातचीत का &amp;लॉग खोलें…</translation>
    </message>
    <message>
        <source>Open a conversation log: replay it, follow it, fork from a turn</source>
        <translation>बातचीत का लॉग खोलें: उसे रीप्ले करें, साथ चलें, किसी दौर से अलग करें</translation>
    </message>
    <message>
        <source>Open Log from &amp;Server…</source>
        <translation>&amp;सर्वर से लॉग खोलें…</translation>
    </message>
    <message>
        <source>Download a served conversation&apos;s log (prompter serve) and open it</source>
        <translation>सर्व की गई बातचीत (prompter serve) का लॉग डाउनलोड करके खोलें</translation>
    </message>
    <message>
        <source>Test chat</source>
        <translation>परीक्षण बातचीत</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>&lt;b&gt;scenario.yaml does not load&lt;/b&gt;: fix it (the Problems pane says where) and the chat starts again.</source>
        <translation>&lt;b&gt;scenario.yaml लोड नहीं होता&lt;/b&gt;: इसे ठीक करें (समस्याएँ पैनल बताता है कहाँ) और बातचीत फिर शुरू हो जाएगी।</translation>
    </message>
    <message>
        <source>Open a scenario to chat with it.</source>
        <translation>बात करने के लिए कोई परिदृश्य खोलें।</translation>
    </message>
    <message>
        <source>Open conversation log</source>
        <translation>बातचीत का लॉग खोलें</translation>
    </message>
    <message>
        <source>Logs (*.jsonl *.ndjson *.log);;All (*)</source>
        <translation>लॉग (*.jsonl *.ndjson *.log);;सभी (*)</translation>
    </message>
</context>
<context>
    <name>StudioLogPane</name>
    <message>
        <source>Log</source>
        <translation>लॉग</translation>
    </message>
</context>
<context>
    <name>StudioMatrix</name>
    <message>
        <source>Model &amp;matrix…</source>
        <translation>मॉडल &amp;मैट्रिक्स…</translation>
    </message>
    <message>
        <source>Run the tests on several models and versions of the scenario, repeated</source>
        <translation>परिदृश्य के कई मॉडलों और संस्करणों पर परीक्षण कई बार चलाएँ</translation>
    </message>
    <message>
        <source>Model matrix</source>
        <translation>मॉडल मैट्रिक्स</translation>
    </message>
    <message>
        <source>Open a scenario without errors first: the matrix runs its tests.</source>
        <translation>पहले बिना त्रुटि वाला परिदृश्य खोलें: मैट्रिक्स उसके परीक्षण चलाता है।</translation>
    </message>
</context>
<context>
    <name>StudioSimulations</name>
    <message>
        <source>&amp;Simulate…</source>
        <translation>सिमुलेट करें (&amp;S)…</translation>
    </message>
    <message>
        <source>Let simulated users play the scenario&apos;s personas many times, and see where the script breaks</source>
        <translation>सिम्युलेटेड उपयोगकर्ताओं से परिदृश्य के पर्सोना कई बार निभवाएँ, और देखें कि स्क्रिप्ट कहाँ टूटती है</translation>
    </message>
    <message>
        <source>Open a scenario first: its personas play against it.</source>
        <translation>पहले कोई परिदृश्य खोलें: उसके पर्सोना उसी के सामने खेलते हैं।</translation>
    </message>
    <message>
        <source>The scenario has errors (see the Problems pane). A simulation runs the scenario as it is now, so it must load first.</source>
        <translation>परिदृश्य में त्रुटियाँ हैं (समस्याएँ पैनल देखें)। सिमुलेशन परिदृश्य को उसकी मौजूदा स्थिति में चलाता है, इसलिए पहले उसका लोड होना ज़रूरी है।</translation>
    </message>
    <message>
        <source>Simulate</source>
        <translation>सिमुलेट करें</translation>
    </message>
</context>
<context>
    <name>StudioTests</name>
    <message>
        <source>no API key is set up: add one in the test chat&apos;s Settings… (or set OPENAI_API_KEY before starting the studio).</source>
        <translation>कोई API कुंजी सेट नहीं है: परीक्षण बातचीत की सेटिंग्स… में एक जोड़ें (या स्टूडियो शुरू करने से पहले OPENAI_API_KEY सेट करें)।</translation>
    </message>
    <message>
        <source>the test chat&apos;s scripted provider has no reply script (see its Settings…).</source>
        <translation>परीक्षण बातचीत के स्क्रिप्ट वाले प्रदाता के पास जवाबों की स्क्रिप्ट नहीं है (उसकी सेटिंग्स… देखें)।</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>परीक्षण</translation>
    </message>
    <message>
        <source>Save Chat as &amp;Test…</source>
        <translation>बातचीत को परीक्षण के रूप में सहेजें…</translation>
    </message>
    <message>
        <source>Added the chat as the test {file}, with its recording — File ▸ Save writes them</source>
        <translation>बातचीत परीक्षण {file} के रूप में, अपनी रिकॉर्डिंग के साथ, जोड़ी गई — फ़ाइल ▸ सहेजें उन्हें लिखता है</translation>
    </message>
</context>
<context>
    <name>StudioTools</name>
    <message>
        <source>&amp;Compare with…</source>
        <translation>इससे तुलना करें (&amp;C)…</translation>
    </message>
    <message>
        <source>Compare the open scenario with a folder or a git revision of it</source>
        <translation>खुले परिदृश्य की तुलना किसी फ़ोल्डर या उसके git संशोधन से करें</translation>
    </message>
    <message>
        <source>&amp;Analyse logs…</source>
        <translation>लॉग का विश्लेषण करें (&amp;A)…</translation>
    </message>
    <message>
        <source>Read many conversation logs and shade the graph by where conversations struggle</source>
        <translation>कई बातचीत लॉग पढ़ें और ग्राफ़ को इस हिसाब से रंगें कि बातचीत कहाँ अटकती है</translation>
    </message>
    <message>
        <source>Open a scenario first: it is what gets compared.</source>
        <translation>पहले कोई परिदृश्य खोलें: तुलना उसी की होती है।</translation>
    </message>
    <message>
        <source>Cannot read {spec}:</source>
        <translation>{spec} पढ़ा नहीं जा सकता:</translation>
    </message>
    <message>
        <source>open in the studio, unsaved</source>
        <translation>स्टूडियो में खुला, बिना सहेजा</translation>
    </message>
    <message>
        <source>open in the studio</source>
        <translation>स्टूडियो में खुला</translation>
    </message>
    <message>
        <source>Open a scenario first: the logs are shown on its graph.</source>
        <translation>पहले कोई परिदृश्य खोलें: लॉग उसके ग्राफ़ पर दिखाए जाते हैं।</translation>
    </message>
    <message>
        <source>A folder of conversation logs (searched for *.jsonl)</source>
        <translation>बातचीत लॉग का एक फ़ोल्डर (*.jsonl खोजे जाते हैं)</translation>
    </message>
    <message>
        <source>Turn chart</source>
        <translation>दौर चार्ट</translation>
    </message>
</context>
<context>
    <name>TestCatalog</name>
    <message>
        <source>file is too large ({count} characters)</source>
        <translation>फ़ाइल बहुत बड़ी है ({count} अक्षर)</translation>
    </message>
</context>
<context>
    <name>TestDetails</name>
    <message>
        <source>passed</source>
        <translation>सफल</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>विफल</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>पुराना</translation>
    </message>
    <message>
        <source>could not run</source>
        <translation>चल नहीं सका</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>अंत में</translation>
    </message>
    <message>
        <source>at the opening</source>
        <translation>शुरुआत में</translation>
    </message>
    <message>
        <source>at turn {turn}</source>
        <translation>बारी {turn} पर</translation>
    </message>
    <message>
        <source>error: {error}</source>
        <translation>त्रुटि: {error}</translation>
    </message>
    <message>
        <source>{where}: stale — {reason}</source>
        <translation>{where}: पुराना — {reason}</translation>
    </message>
    <message>
        <source>bot_says: expected {expected} in the reply</source>
        <translation>bot_says: जवाब में {expected} अपेक्षित था</translation>
    </message>
    <message>
        <source>{what}: expected {expected}, got {actual}</source>
        <translation>{what}: अपेक्षित {expected}, मिला {actual}</translation>
    </message>
    <message>
        <source>end</source>
        <translation>अंत</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>शुरुआत</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>बारी {turn}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:#c62828&apos;&gt;✖ The file has errors&lt;/b&gt; — the test cannot run until they are fixed (they are in Problems too):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b style=&apos;color:#c62828&apos;&gt;✖ फ़ाइल में त्रुटियाँ हैं&lt;/b&gt; — जब तक वे ठीक न हों, परीक्षण नहीं चल सकता (वे समस्याएँ में भी हैं):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Not run yet. &lt;b&gt;Run&lt;/b&gt; replays it from its recording.&lt;/p&gt;</source>
        <translation>&lt;p&gt;अभी नहीं चला। &lt;b&gt;चलाएँ&lt;/b&gt; इसे इसकी रिकॉर्डिंग से दोबारा चलाता है।&lt;/p&gt;</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>रीप्ले किया</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>रिकॉर्ड किया</translation>
    </message>
    <message>
        <source>run live</source>
        <translation>लाइव चलाया</translation>
    </message>
    <message>
        <source> at {time}</source>
        <translation> {time} पर</translation>
    </message>
    <message>
        <source>{count} ms</source>
        <translation>{count} मि.से.</translation>
    </message>
    <message>
        <source>{count} s</source>
        <translation>{count} से.</translation>
    </message>
    <message>
        <source>{turns} turn(s), {calls} model call(s) · {how}{when} in {took}</source>
        <translation>{turns} बारी, {calls} मॉडल कॉल · {how}{when}, {took} में</translation>
    </message>
    <message>
        <source>Replies by {maker}</source>
        <translation>{maker} के जवाब</translation>
    </message>
    <message>
        <source>Cost: {cost}.</source>
        <translation>लागत: {cost}।</translation>
    </message>
    <message>
        <source>Open this run&apos;s log in the viewer at {where}</source>
        <translation>इस रन का लॉग व्यूअर में {where} पर खोलें</translation>
    </message>
    <message>
        <source>Open this run&apos;s log in the viewer</source>
        <translation>इस रन का लॉग व्यूअर में खोलें</translation>
    </message>
    <message>
        <source>The test could not run:</source>
        <translation>परीक्षण नहीं चल सका:</translation>
    </message>
    <message>
        <source>&lt;p&gt;A test needs its recording (&lt;code&gt;NAME.replies.jsonl&lt;/code&gt;) to be replayed: choose &lt;b&gt;Record&lt;/b&gt; to make one (it calls the model).&lt;/p&gt;</source>
        <translation>&lt;p&gt;दोबारा चलाने के लिए परीक्षण को उसकी रिकॉर्डिंग (&lt;code&gt;NAME.replies.jsonl&lt;/code&gt;) चाहिए: एक बनाने के लिए &lt;b&gt;रिकॉर्ड&lt;/b&gt; चुनें (यह मॉडल को कॉल करता है)।&lt;/p&gt;</translation>
    </message>
    <message>
        <source>now</source>
        <translation>अब</translation>
    </message>
    <message>
        <source>◐ Stale at {where}</source>
        <translation>◐ {where} पर पुराना</translation>
    </message>
    <message>
        <source>The scenario now asks the model something the recording does not answer, so the recorded replies say nothing about this version. It is not a failure: record the test again (&lt;a href=&apos;record:&apos;&gt;Record&lt;/a&gt; calls the model; &lt;a href=&apos;fake-record:&apos;&gt;Re-record with the fake model&lt;/a&gt; needs no key, and its replies are synthetic) or undo the change.</source>
        <translation>परिदृश्य अब मॉडल से कुछ ऐसा पूछता है जिसका जवाब रिकॉर्डिंग में नहीं है, इसलिए रिकॉर्ड किए गए जवाब इस संस्करण के बारे में कुछ नहीं बताते। यह विफलता नहीं है: परीक्षण फिर से रिकॉर्ड करें (&lt;a href=&apos;record:&apos;&gt;रिकॉर्ड&lt;/a&gt; मॉडल को कॉल करता है; &lt;a href=&apos;fake-record:&apos;&gt;नकली मॉडल से फिर रिकॉर्ड करें&lt;/a&gt; को कुंजी नहीं चाहिए, और उसके जवाब कृत्रिम होते हैं) या बदलाव पूर्ववत करें।</translation>
    </message>
    <message>
        <source>user</source>
        <translation>उपयोगकर्ता</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>अपेक्षित</translation>
    </message>
    <message>
        <source>the bot&apos;s reply, below</source>
        <translation>बॉट का जवाब, नीचे</translation>
    </message>
    <message>
        <source>got</source>
        <translation>मिला</translation>
    </message>
    <message>
        <source>step</source>
        <translation>चरण</translation>
    </message>
    <message>
        <source>bot</source>
        <translation>बॉट</translation>
    </message>
</context>
<context>
    <name>TestFileEditor</name>
    <message>
        <source>Cannot open {file}: {error}</source>
        <translation>{file} नहीं खुल सका: {error}</translation>
    </message>
    <message>
        <source>Choose a test in the list and “Edit” to change it here.</source>
        <translation>यहाँ बदलने के लिए सूची में कोई परीक्षण चुनें और “फ़ाइल बदलें” दबाएँ।</translation>
    </message>
    <message>
        <source>{count} error(s): this test cannot run until they are fixed.</source>
        <translation>{count} त्रुटि(याँ): जब तक ये ठीक न हों, यह परीक्षण नहीं चल सकता।</translation>
    </message>
    <message>
        <source>Warnings only: the test can run.</source>
        <translation>केवल चेतावनियाँ: परीक्षण चल सकता है।</translation>
    </message>
    <message>
        <source>✓ The file is valid for this scenario.</source>
        <translation>✓ फ़ाइल इस परिदृश्य के लिए मान्य है।</translation>
    </message>
    <message>
        <source>not saved yet (File ▸ Save writes it)</source>
        <translation>अभी सहेजा नहीं गया (फ़ाइल ▸ सहेजें इसे लिखता है)</translation>
    </message>
</context>
<context>
    <name>TestList</name>
    <message>
        <source>Every expectation held.</source>
        <translation>हर अपेक्षा पूरी हुई।</translation>
    </message>
    <message>
        <source>An expectation did not hold: double-click to see the run&apos;s log at that turn.</source>
        <translation>एक अपेक्षा पूरी नहीं हुई: उस बारी पर रन का लॉग देखने के लिए डबल-क्लिक करें।</translation>
    </message>
    <message>
        <source>The recording no longer answers what the scenario asks (an instruction, the prompt or a user message changed), so the replay says nothing about this version: record the test again, or undo the change.</source>
        <translation>रिकॉर्डिंग अब परिदृश्य के सवालों का जवाब नहीं देती (कोई निर्देश, प्रॉम्प्ट या उपयोगकर्ता का संदेश बदला है), इसलिए रीप्ले इस संस्करण के बारे में कुछ नहीं बताता: परीक्षण फिर से रिकॉर्ड करें, या बदलाव पूर्ववत करें।</translation>
    </message>
    <message>
        <source>The test could not run (see the details).</source>
        <translation>परीक्षण नहीं चल सका (विवरण देखें)।</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>परीक्षण</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>नतीजा</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>बारियाँ</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>जवाब</translation>
    </message>
    <message>
        <source>Who made the replies the test ran on</source>
        <translation>परीक्षण जिन जवाबों पर चला, उन्हें किसने बनाया</translation>
    </message>
    <message>
        <source>✖ file has errors</source>
        <translation>✖ फ़ाइल में त्रुटियाँ</translation>
    </message>
    <message>
        <source>○ not run</source>
        <translation>○ नहीं चला</translation>
    </message>
    <message>
        <source>before edits</source>
        <translation>बदलावों से पहले</translation>
    </message>
    <message>
        <source>synthetic</source>
        <translation>कृत्रिम</translation>
    </message>
    <message>
        <source>Replies by {maker}: {meaning}.</source>
        <translation>{maker} के जवाब: {meaning}।</translation>
    </message>
    <message>
        <source>Replies by {maker}</source>
        <translation>{maker} के जवाब</translation>
    </message>
    <message>
        <source>Double-click: open the run&apos;s log at this turn</source>
        <translation>डबल-क्लिक: इस बारी पर रन का लॉग खोलें</translation>
    </message>
</context>
<context>
    <name>TestRuns</name>
    <message>
        <source>scenario.yaml does not load: fix it (see Problems) to run tests</source>
        <translation>scenario.yaml लोड नहीं हो रहा: परीक्षण चलाने के लिए उसे ठीक करें (समस्याएँ देखें)</translation>
    </message>
    <message>
        <source>the file has errors (see Problems)</source>
        <translation>फ़ाइल में त्रुटियाँ हैं (समस्याएँ देखें)</translation>
    </message>
    <message>
        <source>cannot prepare the run: {error}</source>
        <translation>रन तैयार नहीं हो सका: {error}</translation>
    </message>
    <message>
        <source>The test file was edited after this run: run it again.</source>
        <translation>इस रन के बाद परीक्षण फ़ाइल बदली गई: इसे फिर से चलाएँ।</translation>
    </message>
    <message>
        <source>The scenario was edited after this run: run it again.</source>
        <translation>इस रन के बाद परिदृश्य बदला गया: इसे फिर से चलाएँ।</translation>
    </message>
    <message>
        <source>no model is set up (the test chat&apos;s Settings… set one up).</source>
        <translation>कोई मॉडल सेट नहीं है (परीक्षण बातचीत की सेटिंग्स… में एक सेट करें)।</translation>
    </message>
    <message>
        <source>a run is under way</source>
        <translation>एक रन चल रहा है</translation>
    </message>
    <message>
        <source>A {mode} run calls the model, and {why}</source>
        <translation>{mode} रन मॉडल को कॉल करता है, और {why}</translation>
    </message>
    <message>
        <source>Nothing to run: every chosen test has errors (see Problems).</source>
        <translation>चलाने को कुछ नहीं: चुने गए हर परीक्षण में त्रुटियाँ हैं (समस्याएँ देखें)।</translation>
    </message>
    <message>
        <source>running</source>
        <translation>चल रहा है</translation>
    </message>
    <message>
        <source>(a check failed)</source>
        <translation>(एक जाँच विफल हुई)</translation>
    </message>
    <message>
        <source>turn {turn}/{total}</source>
        <translation>बारी {turn}/{total}</translation>
    </message>
    <message>
        <source>The recordings could not be read back: {error}</source>
        <translation>रिकॉर्डिंग वापस पढ़ी नहीं जा सकीं: {error}</translation>
    </message>
    <message>
        <source>Record {file}</source>
        <translation>{file} रिकॉर्ड करें</translation>
    </message>
    <message>
        <source>Record {count} tests</source>
        <translation>{count} परीक्षण रिकॉर्ड करें</translation>
    </message>
    <message>
        <source>The recordings could not be kept: {error}</source>
        <translation>रिकॉर्डिंग रखी नहीं जा सकीं: {error}</translation>
    </message>
</context>
<context>
    <name>TestsPane</name>
    <message>
        <source>Replay</source>
        <translation>रीप्ले</translation>
    </message>
    <message>
        <source>Answer from the recorded replies: no key, no network, no cost</source>
        <translation>रिकॉर्ड किए गए जवाबों से उत्तर: न कुंजी, न नेटवर्क, न लागत</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>रिकॉर्ड</translation>
    </message>
    <message>
        <source>Call the model and record its replies (rewrites the recordings; undoable, saved with the scenario)</source>
        <translation>मॉडल को कॉल करें और उसके जवाब रिकॉर्ड करें (रिकॉर्डिंग दोबारा लिखी जाती हैं; पूर्ववत हो सकता है, परिदृश्य के साथ सहेजा जाता है)</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>लाइव</translation>
    </message>
    <message>
        <source>Call the model; the recordings are left as they are</source>
        <translation>मॉडल को कॉल करें; रिकॉर्डिंग जैसी हैं वैसी रहती हैं</translation>
    </message>
    <message>
        <source>Record (fake model)</source>
        <translation>रिकॉर्ड (नकली मॉडल)</translation>
    </message>
    <message>
        <source>Record with the fake model: no key, no cost — it plays what each test expects. The recordings are marked synthetic: they check the graph, the contract and the expectations, not how a model follows the instructions</source>
        <translation>नकली मॉडल से रिकॉर्ड करें: न कुंजी, न लागत — यह वही चलाता है जो हर परीक्षण अपेक्षा करता है। रिकॉर्डिंग कृत्रिम चिह्नित होती हैं: वे ग्राफ़, अनुबंध और अपेक्षाएँ जाँचती हैं, यह नहीं कि मॉडल निर्देशों का पालन कैसे करता है</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>परीक्षण</translation>
    </message>
    <message>
        <source>▶ Run all</source>
        <translation>▶ सब चलाएँ</translation>
    </message>
    <message>
        <source>Run every test of the scenario (as it is in the editor, unsaved edits included)</source>
        <translation>परिदृश्य के सभी परीक्षण चलाएँ (जैसा संपादक में है, बिना सहेजे बदलावों समेत)</translation>
    </message>
    <message>
        <source>Run selected</source>
        <translation>चुने हुए चलाएँ</translation>
    </message>
    <message>
        <source>Run the selected tests</source>
        <translation>चुने गए परीक्षण चलाएँ</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ रोकें</translation>
    </message>
    <message>
        <source>Stop after the turn each test is in</source>
        <translation>हर परीक्षण की मौजूदा बारी के बाद रोकें</translation>
    </message>
    <message>
        <source>Coverage on graph</source>
        <translation>कवरेज</translation>
    </message>
    <message>
        <source>Shade the steps and transitions no test exercised in the last runs (runs every test first if none ran)</source>
        <translation>पिछले रन में जिन चरणों और ट्रांज़िशन को किसी परीक्षण ने नहीं जाँचा, उन्हें छायांकित करें (कोई नहीं चला हो तो पहले सभी परीक्षण चलाता है)</translation>
    </message>
    <message>
        <source>Edit file</source>
        <translation>फ़ाइल बदलें</translation>
    </message>
    <message>
        <source>Edit the selected test file (undoable; saved with the scenario)</source>
        <translation>चुनी गई परीक्षण फ़ाइल बदलें (पूर्ववत हो सकता है; परिदृश्य के साथ सहेजी जाती है)</translation>
    </message>
    <message>
        <source>Replay needs no key; Record and Live call the model set up in the test chat&apos;s Settings…</source>
        <translation>रीप्ले को कुंजी नहीं चाहिए; रिकॉर्ड और लाइव परीक्षण बातचीत की सेटिंग्स… में सेट किए गए मॉडल को कॉल करते हैं</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>विवरण</translation>
    </message>
    <message>
        <source>File</source>
        <translation>फ़ाइल</translation>
    </message>
    <message>
        <source>no model is set up: Record and Live use the test chat&apos;s (its Settings…).</source>
        <translation>कोई मॉडल सेट नहीं है: रिकॉर्ड और लाइव परीक्षण बातचीत वाला मॉडल इस्तेमाल करते हैं (उसकी सेटिंग्स…)।</translation>
    </message>
    <message>
        <source>Open a scenario to see its tests.</source>
        <translation>परीक्षण देखने के लिए कोई परिदृश्य खोलें।</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This scenario has no tests yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Chat with it in the &lt;b&gt;Test chat&lt;/b&gt;, then &lt;b&gt;File ▸ Save Chat as Test…&lt;/b&gt; (or &lt;b&gt;Save as test…&lt;/b&gt; in the chat&apos;s toolbar): the conversation becomes a test (&lt;code&gt;tests/NAME.test.yaml&lt;/code&gt;) with its recorded replies, replayed here in a second and with no key.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;इस परिदृश्य में अभी कोई परीक्षण नहीं है।&lt;/b&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;परीक्षण बातचीत&lt;/b&gt; में इससे बात करें, फिर &lt;b&gt;फ़ाइल ▸ बातचीत को परीक्षण के रूप में सहेजें…&lt;/b&gt; (या बातचीत की टूलबार में &lt;b&gt;परीक्षण के रूप में सहेजें…&lt;/b&gt;): बातचीत अपने रिकॉर्ड किए गए जवाबों के साथ एक परीक्षण (&lt;code&gt;tests/NAME.test.yaml&lt;/code&gt;) बन जाती है, जो यहाँ एक सेकंड में और बिना कुंजी के दोबारा चलता है।&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{count} passed</source>
        <translation>{count} सफल</translation>
    </message>
    <message>
        <source>{count} failed</source>
        <translation>{count} विफल</translation>
    </message>
    <message>
        <source>{count} stale</source>
        <translation>{count} पुराने</translation>
    </message>
    <message>
        <source>{count} could not run</source>
        <translation>{count} चल नहीं सके</translation>
    </message>
    <message>
        <source>{count} with errors</source>
        <translation>{count} में त्रुटियाँ</translation>
    </message>
    <message>
        <source>{count} not run</source>
        <translation>{count} नहीं चले</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a test to see its last result.&lt;/p&gt;</source>
        <translation>&lt;p&gt;किसी परीक्षण का पिछला नतीजा देखने के लिए उसे चुनें।&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This test has no log to show: run it first.</source>
        <translation>इस परीक्षण का दिखाने लायक कोई लॉग नहीं है: पहले इसे चलाएँ।</translation>
    </message>
    <message>
        <source>The run&apos;s log {file} is gone (the system&apos;s temporary folder was cleaned): run the test again.</source>
        <translation>रन का लॉग {file} अब नहीं है (सिस्टम का अस्थायी फ़ोल्डर साफ़ किया गया): परीक्षण फिर से चलाएँ।</translation>
    </message>
    <message>
        <source>no scenario is open.</source>
        <translation>कोई परिदृश्य खुला नहीं है।</translation>
    </message>
    <message>
        <source>Calls the model, and {why}</source>
        <translation>मॉडल को कॉल करता है, और {why}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>रोका जा रहा है…</translation>
    </message>
    <message>
        <source>… queued</source>
        <translation>… कतार में</translation>
    </message>
    <message>
        <source>{mode} with the fake model</source>
        <translation>नकली मॉडल के साथ {mode}</translation>
    </message>
    <message>
        <source>Running {count} test(s) ({mode})…</source>
        <translation>{count} परीक्षण चल रहे हैं ({mode})…</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>रोका गया</translation>
    </message>
    <message>
        <source>{seconds} s ({mode})</source>
        <translation>{seconds} से. ({mode})</translation>
    </message>
    <message>
        <source>{count} of {total} tests run</source>
        <translation>{total} में से {count} परीक्षण चले</translation>
    </message>
    <message>
        <source>; edited since</source>
        <translation>; तब से बदला गया</translation>
    </message>
</context>
<context>
    <name>TextFileEditor</name>
    <message>
        <source>Preview</source>
        <translation>पूर्वावलोकन</translation>
    </message>
    <message>
        <source>Show the Markdown as it reads (Ctrl+Shift+P); the model gets the text as written</source>
        <translation>Markdown को पढ़ने के रूप में दिखाएँ (Ctrl+Shift+P); मॉडल को पाठ वैसा ही मिलता है जैसा लिखा है</translation>
    </message>
    <message>
        <source>What one model call carries: persona, the step&apos;s instructions, the contract and the reply schema. Tokens ≈ characters / 4.</source>
        <translation>एक मॉडल कॉल में क्या जाता है: पर्सोना, चरण के निर्देश, अनुबंध और जवाब का स्कीमा। टोकन ≈ अक्षर / 4।</translation>
    </message>
    <message>
        <source>Select a step to edit its instructions.</source>
        <translation>किसी चरण के निर्देश बदलने के लिए उसे चुनें।</translation>
    </message>
    <message>
        <source>Write the instructions for this step in Markdown. Type {{ to insert a variable.</source>
        <translation>इस चरण के निर्देश Markdown में लिखें। चर डालने के लिए {{ लिखें।</translation>
    </message>
    <message>
        <source>A message step sends its text as written (see “Text” above); it has no instruction file.</source>
        <translation>संदेश वाला चरण अपना पाठ वैसा ही भेजता है जैसा लिखा है (ऊपर “पाठ” देखें); उसकी कोई निर्देश फ़ाइल नहीं होती।</translation>
    </message>
    <message>
        <source>An action step calls a function or an API (see “Action” in the step form) and makes no model call: it has no instruction file. The step after it talks, and can use its results as {{placeholders}}.</source>
        <translation>कार्रवाई वाला चरण किसी फ़ंक्शन या API को कॉल करता है (चरण फ़ॉर्म में “कार्रवाई” देखें) और मॉडल को कॉल नहीं करता: उसकी कोई निर्देश फ़ाइल नहीं होती। उसके बाद वाला चरण बात करता है, और उसके परिणाम {{placeholders}} की तरह इस्तेमाल कर सकता है।</translation>
    </message>
    <message>
        <source>Step “{step}” has no instruction file: set “Instructions” in the inspector, e.g. {file}.</source>
        <translation>चरण “{step}” की कोई निर्देश फ़ाइल नहीं है: इंस्पेक्टर में “निर्देश” भरें, जैसे {file}।</translation>
    </message>
    <message>
        <source>The scenario has no persona file (add “persona: persona.md” to scenario.yaml).</source>
        <translation>परिदृश्य में कोई पर्सोना फ़ाइल नहीं है (scenario.yaml में “persona: persona.md” जोड़ें)।</translation>
    </message>
    <message>
        <source>Cannot open {file}: {error}</source>
        <translation>{file} नहीं खुल सका: {error}</translation>
    </message>
    <message>
        <source>— sent with every model call, {file}; select a step for its own instructions</source>
        <translation>— हर मॉडल कॉल के साथ भेजी जाती है, {file}; किसी चरण के अपने निर्देशों के लिए उसे चुनें</translation>
    </message>
    <message>
        <source>— instructions, {file}</source>
        <translation>— निर्देश, {file}</translation>
    </message>
    <message>
        <source>{characters} characters · ≈ {tokens} tokens, sent at the start of every model call</source>
        <translation>{characters} अक्षर · ≈ {tokens} टोकन, हर मॉडल कॉल की शुरुआत में भेजे जाते हैं</translation>
    </message>
    <message>
        <source>{characters} characters</source>
        <translation>{characters} अक्षर</translation>
    </message>
    <message>
        <source>{characters} characters · each call in this step ≈ {tokens} tokens</source>
        <translation>{characters} अक्षर · इस चरण की हर कॉल ≈ {tokens} टोकन</translation>
    </message>
    <message>
        <source>Every model call in this step sends {characters} characters: the persona, the contract rules, this step&apos;s instructions, results and transitions, and the reply schema (layout per_step). Tokens ≈ characters / 4.</source>
        <translation>इस चरण की हर मॉडल कॉल {characters} अक्षर भेजती है: पर्सोना, अनुबंध के नियम, इस चरण के निर्देश, परिणाम और ट्रांज़िशन, और जवाब का स्कीमा (लेआउट per_step)। टोकन ≈ अक्षर / 4।</translation>
    </message>
    <message>
        <source>{characters} characters · entering this step, a call of ≈ {tokens} tokens, this step&apos;s part ≈ {part}</source>
        <translation>{characters} अक्षर · इस चरण में आते समय ≈ {tokens} टोकन की कॉल, इस चरण का हिस्सा ≈ {part}</translation>
    </message>
    <message>
        <source>The first model call in this step sends {characters} characters (layout {layout}): the reply schema, the persona and contract rules — the same on every call, billed at the cached price once the conversation is under way — and this step&apos;s section ({step_characters} characters: its instructions, results and transitions), sent once when the step is entered and cached after. Tokens ≈ characters / 4.</source>
        <translation>इस चरण की पहली मॉडल कॉल {characters} अक्षर भेजती है (लेआउट {layout}): जवाब का स्कीमा, पर्सोना और अनुबंध के नियम — हर कॉल में वही, बातचीत चलने के बाद कैश वाली कीमत पर — और इस चरण का हिस्सा ({step_characters} अक्षर: इसके निर्देश, परिणाम और ट्रांज़िशन), जो चरण में आते समय एक बार भेजा जाता है और फिर कैश होता है। टोकन ≈ अक्षर / 4।</translation>
    </message>
</context>
<context>
    <name>ToolWindow</name>
    <message>
        <source>Close Window</source>
        <translation>विंडो बंद करें</translation>
    </message>
</context>
<context>
    <name>ToolsMenu</name>
    <message>
        <source>&amp;Tools</source>
        <translation>उपकरण (&amp;T)</translation>
    </message>
</context>
<context>
    <name>TryActionDialog</name>
    <message>
        <source>Not run: this folder&apos;s actions are not trusted.</source>
        <translation>नहीं चली: इस फ़ोल्डर की कार्रवाइयों पर भरोसा नहीं किया गया है।</translation>
    </message>
    <message>
        <source>Run this folder&apos;s actions?</source>
        <translation>इस फ़ोल्डर की कार्रवाइयाँ चलाएँ?</translation>
    </message>
    <message>
        <source>The actions of {folder} run with your rights: {what}. Run this folder&apos;s actions (the studio remembers your answer)?</source>
        <translation>{folder} की कार्रवाइयाँ आपके अधिकारों के साथ चलती हैं: {what}। इस फ़ोल्डर की कार्रवाइयाँ चलाएँ (स्टूडियो आपका उत्तर याद रखता है)?</translation>
    </message>
    <message>
        <source>Try action %s</source>
        <translation>कार्रवाई %s आज़माएँ</translation>
    </message>
    <message>
        <source>The step is not an action step that calls something, or the scenario does not load: fix it first.</source>
        <translation>यह चरण कुछ कॉल करने वाला कार्रवाई चरण नहीं है, या परिदृश्य लोड नहीं होता: पहले उसे ठीक करें।</translation>
    </message>
    <message>
        <source>Calls %s, within %s s</source>
        <translation>%s को कॉल करता है, %s से. के भीतर</translation>
    </message>
    <message>
        <source>a value: text, or JSON (5, true, [&quot;a&quot;])</source>
        <translation>एक मान: पाठ, या JSON (5, true, [&quot;a&quot;])</translation>
    </message>
    <message>
        <source>The action is handed nothing.</source>
        <translation>कार्रवाई को कुछ नहीं दिया जाता।</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>चलाएँ</translation>
    </message>
    <message>
        <source>What came back is shown here.</source>
        <translation>जो वापस आता है, वह यहाँ दिखता है।</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>चल रहा है…</translation>
    </message>
    <message>
        <source>Outcome: %s — %s ms</source>
        <translation>नतीजा: %s — %s ms</translation>
    </message>
    <message>
        <source>Not declared as results, so dropped: %s</source>
        <translation>परिणाम के रूप में घोषित नहीं, इसलिए छोड़ दिए गए: %s</translation>
    </message>
</context>
<context>
    <name>TurnChart</name>
    <message>
        <source>No model calls yet</source>
        <translation>अभी कोई मॉडल कॉल नहीं</translation>
    </message>
    <message>
        <source>turns {first}–{last} of {count} (the mouse wheel moves along them)</source>
        <translation>{count} में से दौर {first}–{last} (माउस व्हील से आगे-पीछे जाएँ)</translation>
    </message>
    <message>
        <source>cached input</source>
        <translation>कैश इनपुट</translation>
    </message>
    <message>
        <source>input</source>
        <translation>इनपुट</translation>
    </message>
    <message>
        <source>output</source>
        <translation>आउटपुट</translation>
    </message>
    <message>
        <source>cost $</source>
        <translation>ख़र्च $</translation>
    </message>
    <message>
        <source>model time s</source>
        <translation>मॉडल का समय से.</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>दौर</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>टोकन</translation>
    </message>
    <message>
        <source>&lt;b&gt;Turn {turn}&lt;/b&gt; in &lt;code&gt;{step}&lt;/code&gt;</source>
        <translation>&lt;code&gt;{step}&lt;/code&gt; में &lt;b&gt;दौर {turn}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Turn {turn}&lt;/b&gt;</source>
        <translation>&lt;b&gt;दौर {turn}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{violations} contract violation(s), {corrections} correction(s)</source>
        <translation>{violations} अनुबंध उल्लंघन, {corrections} सुधार</translation>
    </message>
    <message>
        <source>{calls} model call(s), {seconds} s&lt;br&gt;input {input} tokens ({cached} cached), output {output}&lt;br&gt;{cost}</source>
        <translation>{calls} मॉडल कॉल, {seconds} s&lt;br&gt;इनपुट {input} टोकन ({cached} कैश में), आउटपुट {output}&lt;br&gt;{cost}</translation>
    </message>
</context>
<context>
    <name>TypingIndicator</name>
    <message>
        <source>The bot</source>
        <translation>बॉट</translation>
    </message>
    <message>
        <source>{bot} is typing {dots}</source>
        <translation>{bot} लिख रहा है {dots}</translation>
    </message>
</context>
<context>
    <name>VariablesPanel</name>
    <message>
        <source>Variable</source>
        <translation>चर</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>मान</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>स्रोत</translation>
    </message>
    <message>
        <source>Variables as of turn {turn}</source>
        <translation>दौर {turn} तक के चर</translation>
    </message>
    <message>
        <source>A result step {step} captured; no variable declares it under variables: (placeholders fill from it all the same)</source>
        <translation>चरण {step} द्वारा पकड़ा गया परिणाम; variables: के अंतर्गत कोई चर इसे घोषित नहीं करता (प्लेसहोल्डर फिर भी इससे भरते हैं)</translation>
    </message>
    <message>
        <source>turn {turn} · {step}</source>
        <translation>दौर {turn} · {step}</translation>
    </message>
    <message>
        <source>Select to scroll the chat to this turn</source>
        <translation>बातचीत को इस दौर तक स्क्रॉल करने के लिए चुनें</translation>
    </message>
</context>
<context>
    <name>Widgets</name>
    <message>
        <source>Add</source>
        <translation>जोड़ें</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>हटाएँ</translation>
    </message>
</context>
<context>
    <name>YamlSourceEditor</name>
    <message>
        <source>Edits here are applied after a short pause and can be undone.</source>
        <translation>यहाँ किए बदलाव थोड़ी देर बाद लागू होते हैं और पूर्ववत किए जा सकते हैं।</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>पंक्ति {line}</translation>
    </message>
</context>
<context>
    <name>PublishDialog</name>
    <message>
        <source>kept in the system keyring</source>
        <translation>सिस्टम कीरिंग में रखा जाता है</translation>
    </message>
    <message>
        <source>old_step=new_step, … (renamed steps are found)</source>
        <translation>पुराना_चरण=नया_चरण, … (नाम बदले चरण अपने आप मिलते हैं)</translation>
    </message>
    <message>
        <source>Publish even though tests fail</source>
        <translation>परीक्षण विफल होने पर भी प्रकाशित करें</translation>
    </message>
    <message>
        <source>Store URL</source>
        <translation>स्टोर URL</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>पासवर्ड</translation>
    </message>
    <message>
        <source>New conversations on it</source>
        <translation>इस पर नई बातचीत</translation>
    </message>
    <message>
        <source>Step map</source>
        <translation>चरण मानचित्र</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>जाँचें</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>प्रकाशित करें</translation>
    </message>
    <message>
        <source>Checking: the validator, the tests, the live version…</source>
        <translation>जाँच हो रही है: सत्यापनकर्ता, परीक्षण, चालू संस्करण…</translation>
    </message>
    <message>
        <source>Publishing…</source>
        <translation>प्रकाशित हो रहा है…</translation>
    </message>
    <message>
        <source>Give the store&apos;s URL: sqlite:///PATH or postgresql://…</source>
        <translation>स्टोर का URL दें: sqlite:///PATH या postgresql://…</translation>
    </message>
    <message>
        <source>The scenario&apos;s tests fail: fix them, or tick the box to publish.</source>
        <translation>परिदृश्य के परीक्षण विफल हैं: उन्हें ठीक करें, या प्रकाशित करने के लिए बॉक्स चुनें।</translation>
    </message>
    <message>
        <source>Publish {name}</source>
        <translation>{name} प्रकाशित करें</translation>
    </message>
    <message>
        <source>Published {version}: new conversations start on it within a second.</source>
        <translation>{version} प्रकाशित: नई बातचीत एक सेकंड के भीतर इस पर शुरू होती है।</translation>
    </message>
    <message>
        <source>Not published: {reason}</source>
        <translation>प्रकाशित नहीं हुआ: {reason}</translation>
    </message>
    <message>
        <source>Ready to publish version {version}.</source>
        <translation>संस्करण {version} प्रकाशित करने के लिए तैयार।</translation>
    </message>
</context>
<context>
    <name>PublishTools</name>
    <message>
        <source>&amp;Publish…</source>
        <translation>&amp;प्रकाशित करें…</translation>
    </message>
    <message>
        <source>Put this scenario live on a server&apos;s store, without a restart</source>
        <translation>इस परिदृश्य को बिना पुनरारंभ के सर्वर के स्टोर पर चालू करें</translation>
    </message>
    <message>
        <source>&amp;Live versions</source>
        <translation>&amp;चालू संस्करण</translation>
    </message>
    <message>
        <source>The versions a server&apos;s store keeps, and where each loses people</source>
        <translation>सर्वर का स्टोर जो संस्करण रखता है, और हर एक कहाँ लोगों को खोता है</translation>
    </message>
    <message>
        <source>Open a scenario first: it is what gets published.</source>
        <translation>पहले एक परिदृश्य खोलें: वही प्रकाशित होता है।</translation>
    </message>
    <message>
        <source>Save the scenario first: what is published is the saved folder.</source>
        <translation>पहले परिदृश्य सहेजें: सहेजा गया फ़ोल्डर ही प्रकाशित होता है।</translation>
    </message>
    <message>
        <source>Live versions</source>
        <translation>चालू संस्करण</translation>
    </message>
    <message>
        <source>Store URL:</source>
        <translation>स्टोर URL:</translation>
    </message>
</context>
<context>
    <name>LiveVersionsWindow</name>
    <message>
        <source>Version</source>
        <translation>संस्करण</translation>
    </message>
    <message>
        <source>New conversations</source>
        <translation>नई बातचीत</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>चालू</translation>
    </message>
    <message>
        <source>All</source>
        <translation>सभी</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>बारियाँ</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>पूरी</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>फ़ॉलबैक</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>उल्लंघन</translation>
    </message>
    <message>
        <source>Cost / conversation</source>
        <translation>लागत / बातचीत</translation>
    </message>
    <message>
        <source>Reading the store…</source>
        <translation>स्टोर पढ़ा जा रहा है…</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>फिर से पढ़ें</translation>
    </message>
    <message>
        <source>Live versions — {store}</source>
        <translation>चालू संस्करण — {store}</translation>
    </message>
    <message>
        <source>{count} version(s); the graph shows the selected one&apos;s drop-off</source>
        <translation>{count} संस्करण; ग्राफ़ चुने गए संस्करण का ड्रॉप-ऑफ़ दिखाता है</translation>
    </message>
    <message>
        <source>⚠ {reason}</source>
        <translation>⚠ {reason}</translation>
    </message>
</context>
<context>
    <name>ServerCheck</name>
    <message>
        <source>Cached tokens reported: {answer}</source>
        <translation>कैश टोकन बताए जाते हैं: {answer}</translation>
    </message>
    <message>
        <source>Chains replies (previous_response_id): {answer}</source>
        <translation>उत्तरों को जोड़ता है (previous_response_id): {answer}</translation>
    </message>
    <message>
        <source>Context: {context}</source>
        <translation>संदर्भ: {context}</translation>
    </message>
    <message>
        <source>Output cap sent as: {parameter}</source>
        <translation>आउटपुट सीमा इस रूप में भेजी जाती है: {parameter}</translation>
    </message>
    <message>
        <source>Schema: {mode}</source>
        <translation>स्कीमा: {mode}</translation>
    </message>
    <message>
        <source>Usage when streaming: {answer}</source>
        <translation>स्ट्रीमिंग में उपयोग: {answer}</translation>
    </message>
    <message>
        <source>no</source>
        <translation>नहीं</translation>
    </message>
    <message>
        <source>not sent: counted here, marked estimated</source>
        <translation>नहीं भेजा जाता: यहाँ गिना जाता है, अनुमानित चिह्नित</translation>
    </message>
    <message>
        <source>reported</source>
        <translation>बताया जाता है</translation>
    </message>
    <message>
        <source>schema enforced ({format})</source>
        <translation>स्कीमा लागू ({format})</translation>
    </message>
    <message>
        <source>schema not enforced: replies checked after the fact</source>
        <translation>स्कीमा लागू नहीं: उत्तर बाद में जाँचे जाते हैं</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>अज्ञात</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>हाँ</translation>
    </message>
    <message>
        <source>{tokens} tokens</source>
        <translation>{tokens} टोकन</translation>
    </message>
</context>
</TS>
