<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="hi" sourcelanguage="en">
<context>
    <name>ActionForm</name>
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
    <message>
        <source>Python actions are stubbed: you chose not to run this folder&apos;s actions.py. HTTP actions run.</source>
        <translation>Python कार्रवाइयाँ नकली हैं: आपने इस फ़ोल्डर का actions.py न चलाना चुना। HTTP कार्रवाइयाँ चलती हैं।</translation>
    </message>
    <message>
        <source>This scenario&apos;s Python actions (actions.py) are code, and run with your rights. Until you trust this folder they are stubbed; HTTP actions run.</source>
        <translation>इस परिदृश्य की Python कार्रवाइयाँ (actions.py) कोड हैं, और आपके अधिकारों से चलती हैं। जब तक आप इस फ़ोल्डर पर भरोसा नहीं करते, वे नकली रहती हैं; HTTP कार्रवाइयाँ चलती हैं।</translation>
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
        <source>Log: {link}</source>
        <translation>लॉग: {link}</translation>
    </message>
    <message>
        <source>Click to open the folder; every test conversation is logged there (JSON Lines).</source>
        <translation>फ़ोल्डर खोलने के लिए क्लिक करें; हर परीक्षण बातचीत का लॉग वहीं लिखा जाता है (JSON Lines)।</translation>
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
        <source>Fake model · no key, no cost</source>
        <translation>नकली मॉडल · बिना कुंजी, बिना लागत</translation>
    </message>
</context>
<context>
    <name>ChatSettingsDialog</name>
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
    <name>CompareDialog</name>
    <message>
        <source>A git revision (this scenario has never been committed)</source>
        <translation>एक git संशोधन (यह परिदृश्य कभी कमिट नहीं हुआ)</translation>
    </message>
    <message>
        <source>A git revision (this folder is not in a git repository)</source>
        <translation>एक git संशोधन (यह फ़ोल्डर किसी git रिपॉज़िटरी में नहीं है)</translation>
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
    <name>FileCommands</name>
    <message>
        <source>Scenario folder recreated</source>
        <translation>परिदृश्य फ़ोल्डर फिर से बनाया गया</translation>
    </message>
    <message>
        <source>{folder} was gone from the disk. Every file the studio holds was written there again: {count} file(s).</source>
        <translation>{folder} डिस्क से हट गया था। स्टूडियो के पास मौजूद हर फ़ाइल वहाँ फिर से लिखी गई: {count} फ़ाइल(ें)।</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(अभी कोई नहीं)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>सूची ख़ाली करें</translation>
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
        <source>Name</source>
        <translation>नाम</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>टेम्पलेट</translation>
    </message>
    <message>
        <source>Create in</source>
        <translation>यहाँ बनाएँ</translation>
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
    <message>
        <source>Use “{suggestion}”?</source>
        <translation>“{suggestion}” रखें?</translation>
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
    <name>PrefixBar</name>
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
        <source>{model} is not in the price table</source>
        <translation>{model} मूल्य-तालिका में नहीं है</translation>
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
        <source>use only ASCII letters (a–z, A–Z), digits (0–9), &apos;_&apos; and &apos;-&apos; in the file name, starting with a letter or a digit</source>
        <translation>फ़ाइल के नाम में केवल ASCII अक्षर (a–z, A–Z), अंक (0–9), &apos;_&apos; और &apos;-&apos; रखें, और नाम किसी अक्षर या अंक से शुरू करें</translation>
    </message>
</context>
<context>
    <name>ScenarioEditor</name>
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
    <name>StepForm</name>
    <message>
        <source>Outcome</source>
        <translation>नतीजा</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>संकेत</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>Left out</source>
        <translation>छोड़े गए</translation>
    </message>
    <message>
        <source>{names} (not conversation logs)</source>
        <translation>{names} (बातचीत के लॉग नहीं)</translation>
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
    <name>TextFileEditor</name>
    <message>
        <source>An action step calls a function or an API (see “Action” in the step form) and makes no model call: it has no instruction file. The step after it talks, and can use its results as {{placeholders}}.</source>
        <translation>कार्रवाई वाला चरण किसी फ़ंक्शन या API को कॉल करता है (चरण फ़ॉर्म में “कार्रवाई” देखें) और मॉडल को कॉल नहीं करता: उसकी कोई निर्देश फ़ाइल नहीं होती। उसके बाद वाला चरण बात करता है, और उसके परिणाम {{placeholders}} की तरह इस्तेमाल कर सकता है।</translation>
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
        <source>Not run: this folder&apos;s Python actions are not trusted.</source>
        <translation>नहीं चली: इस फ़ोल्डर की Python कार्रवाइयों पर भरोसा नहीं किया गया है।</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>चल रहा है…</translation>
    </message>
    <message>
        <source>Run this folder&apos;s Python actions?</source>
        <translation>इस फ़ोल्डर की Python कार्रवाइयाँ चलाएँ?</translation>
    </message>
    <message>
        <source>%s is code: running its actions runs it, with your rights. Run the Python actions of this folder (the studio remembers your answer)?</source>
        <translation>%s कोड है: इसकी कार्रवाइयाँ चलाने से यह आपके अधिकारों से चलता है। इस फ़ोल्डर की Python कार्रवाइयाँ चलाएँ (स्टूडियो आपका जवाब याद रखता है)?</translation>
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
        <source>turn {turn} · {step}</source>
        <translation>दौर {turn} · {step}</translation>
    </message>
    <message>
        <source>Select to scroll the chat to this turn</source>
        <translation>बातचीत को इस दौर तक स्क्रॉल करने के लिए चुनें</translation>
    </message>
</context>
</TS>
