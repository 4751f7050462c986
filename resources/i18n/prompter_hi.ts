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
        <source>Log</source>
        <translation>लॉग</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>ठीक है</translation>
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
    <name>RequestInspector</name>
    <message>
        <source>Layout: {reason}</source>
        <translation>लेआउट: {reason}</translation>
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
        <source>The log could not be saved: </source>
        <translation>लॉग सहेजा नहीं जा सका: </translation>
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
        <source>Open Log from &amp;Server…</source>
        <translation>&amp;सर्वर से लॉग खोलें…</translation>
    </message>
    <message>
        <source>Download a served conversation&apos;s log (prompter serve) and open it</source>
        <translation>सर्व की गई बातचीत (prompter serve) का लॉग डाउनलोड करके खोलें</translation>
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
</TS>
