<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>ActionForm</name>
    <message>
        <source>line {line} is not &apos;Name: value&apos;</source>
        <translation>la ligne {line} n’est pas de la forme «&#xa0;Nom: valeur&#xa0;»</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Fonction Python</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>Requête HTTP</translation>
    </message>
    <message>
        <source>A function of the scenario&apos;s actions module (def or async def)</source>
        <translation>Une fonction du module d’actions du scénario (def ou async def)</translation>
    </message>
    <message>
        <source>Its host must be in actions.allow_hosts; {{variable}} is filled in</source>
        <translation>Son hôte doit figurer dans actions.allow_hosts ; {{variable}} est remplacé</translation>
    </message>
    <message>
        <source>One &apos;Name: value&apos; per line. ${NAME} is read from the environment when the call is made, and never written to a log or a file</source>
        <translation>Un « Nom: valeur » par ligne. ${NAME} est lu dans l’environnement au moment de l’appel, et jamais écrit dans un journal ni un fichier</translation>
    </message>
    <message>
        <source>The JSON body; a string that is exactly &quot;{{variable}}&quot; sends its value</source>
        <translation>Le corps JSON ; une chaîne qui vaut exactement &quot;{{variable}}&quot; envoie sa valeur</translation>
    </message>
    <message>
        <source>variables handed to the call</source>
        <translation>variables transmises à l’appel</translation>
    </message>
    <message>
        <source>default (%s s)</source>
        <translation>par défaut (%s s)</translation>
    </message>
    <message>
        <source>The conversation moves on by &apos;timeout&apos; when the call takes longer</source>
        <translation>La conversation continue par « timeout » quand l’appel dure plus longtemps</translation>
    </message>
    <message>
        <source>Try it…</source>
        <translation>Essayer…</translation>
    </message>
    <message>
        <source>Run the action with values you type</source>
        <translation>Lancer l’action avec des valeurs que vous saisissez</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Appelle</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonction</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Méthode</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>En-têtes</translation>
    </message>
    <message>
        <source>JSON body</source>
        <translation>Corps JSON</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>Délai</translation>
    </message>
    <message>
        <source>“%s” cannot be a function name</source>
        <translation>« %s » ne peut pas être un nom de fonction</translation>
    </message>
    <message>
        <source>Headers: %s</source>
        <translation>En-têtes : %s</translation>
    </message>
    <message>
        <source>The JSON body is not JSON: %s</source>
        <translation>Le corps JSON n’est pas du JSON : %s</translation>
    </message>
    <message>
        <source>not a variable name: %s</source>
        <translation>pas un nom de variable : %s</translation>
    </message>
</context>
<context>
    <name>ActionTrust</name>
    <message>
        <source>its Python code (actions.py)</source>
        <translation>son code Python (actions.py)</translation>
    </message>
    <message>
        <source>HTTP requests to {hosts}</source>
        <translation>des requêtes HTTP vers {hosts}</translation>
    </message>
    <message>
        <source>sending your environment variables {names}</source>
        <translation>l’envoi de vos variables d’environnement {names}</translation>
    </message>
</context>
<context>
    <name>AnalyticsShading</name>
    <message>
        <source>Violation rate</source>
        <translation>Taux de violation</translation>
    </message>
    <message>
        <source>Corrections per visit</source>
        <translation>Corrections par visite</translation>
    </message>
    <message>
        <source>Cost per visit</source>
        <translation>Coût par visite</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>Visites</translation>
    </message>
    <message>
        <source>Drop-off</source>
        <translation>Abandon</translation>
    </message>
    <message>
        <source>of model replies</source>
        <translation>des réponses</translation>
    </message>
    <message>
        <source>per visit</source>
        <translation>par visite</translation>
    </message>
    <message>
        <source>USD per visit</source>
        <translation>USD par visite</translation>
    </message>
    <message>
        <source>visits</source>
        <translation>visites</translation>
    </message>
    <message>
        <source>of conversations that reached it</source>
        <translation>des conversations qui y sont arrivées</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>pas de données</translation>
    </message>
    <message>
        <source>{count} violation(s)</source>
        <translation>{count} violation(s)</translation>
    </message>
    <message>
        <source>{measure}: {value}</source>
        <translation>{measure}&#xa0;: {value}</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turn(s), {calls} call(s)</source>
        <translation>{visits} visite(s), {turns} tour(s), {calls} appel(s)</translation>
    </message>
    <message>
        <source>{corrections} correction(s), {fallbacks} fallback(s)</source>
        <translation>{corrections} correction(s), {fallbacks} repli(s)</translation>
    </message>
    <message>
        <source>{cost}; {dropped} of {conversations} conversation(s) ended here unfinished</source>
        <translation>{cost}&#x202f;; {dropped} conversation(s) sur {conversations} terminée(s) ici sans aboutir</translation>
    </message>
</context>
<context>
    <name>AnalyticsWindow</name>
    <message>
        <source>{name} — Prompter analytics</source>
        <translation>{name} — analyse Prompter</translation>
    </message>
    <message>
        <source>Analytics</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source> Shade steps by: </source>
        <translation> Colorer les étapes selon&#xa0;: </translation>
    </message>
    <message>
        <source>Add logs…</source>
        <translation>Ajouter des journaux…</translation>
    </message>
    <message>
        <source>Read more logs (a folder, or files) into the figures</source>
        <translation>Ajouter d’autres journaux (un dossier ou des fichiers) aux chiffres</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Relire</translation>
    </message>
    <message>
        <source>Read the logs again (they may have grown)</source>
        <translation>Relire les journaux (ils ont pu s’allonger)</translation>
    </message>
    <message>
        <source>Reading {count} location(s)…</source>
        <translation>Lecture de {count} emplacement(s)…</translation>
    </message>
    <message>
        <source>Add a folder of conversation logs</source>
        <translation>Ajouter un dossier de journaux de conversation</translation>
    </message>
    <message>
        <source>Reading logs… {done} of {total}</source>
        <translation>Lecture des journaux… {done} sur {total}</translation>
    </message>
    <message>
        <source>{conversations} conversation(s) in {files} log(s), {finished} finished; {events} events; {cost}</source>
        <translation>{conversations} conversation(s) dans {files} journal(aux), {finished} terminée(s)&#x202f;; {events} événements&#x202f;; {cost}</translation>
    </message>
    <message>
        <source>{count} damaged line(s) skipped</source>
        <translation>{count} ligne(s) abîmée(s) ignorée(s)</translation>
    </message>
    <message>
        <source>{count} file(s) unreadable</source>
        <translation>{count} fichier(s) illisible(s)</translation>
    </message>
    <message>
        <source>{count} step(s) not in this scenario</source>
        <translation>{count} étape(s) absente(s) de ce scénario</translation>
    </message>
</context>
<context>
    <name>ApiKeyStore</name>
    <message>
        <source>No API key</source>
        <translation>Pas de clé d’API</translation>
    </message>
    <message>
        <source>from {variable}</source>
        <translation>depuis {variable}</translation>
    </message>
    <message>
        <source>from the system keyring</source>
        <translation>depuis le trousseau du système</translation>
    </message>
    <message>
        <source>typed this session (no system keyring: not kept)</source>
        <translation>saisie pendant cette session (pas de trousseau système&#xa0;: non conservée)</translation>
    </message>
    <message>
        <source>API key …{end} {where}</source>
        <translation>Clé d’API …{end} {where}</translation>
    </message>
    <message>
        <source>API key {where}</source>
        <translation>Clé d’API {where}</translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message>
        <source>Actions are stubbed: you chose not to run this folder&apos;s actions ({what}).</source>
        <translation>Les actions sont simulées : vous avez choisi de ne pas exécuter les actions de ce dossier ({what}).</translation>
    </message>
    <message>
        <source>This scenario&apos;s actions run with your rights: {what}. Until you trust this folder they are stubbed.</source>
        <translation>Les actions de ce scénario s’exécutent avec vos droits : {what}. Tant que vous n’approuvez pas ce dossier, elles sont simulées.</translation>
    </message>
    <message>
        <source>Live actions</source>
        <translation>Actions réelles</translation>
    </message>
    <message>
        <source>On: action steps run (Python actions once the folder is trusted). Off: they are answered by the stubs of the scenario&apos;s tests and tests/stubs.yaml</source>
        <translation>Activé : les étapes d’action s’exécutent (les actions Python une fois le dossier approuvé). Désactivé : elles reçoivent les réponses simulées des tests du scénario et de tests/stubs.yaml</translation>
    </message>
    <message>
        <source>Trust this folder</source>
        <translation>Faire confiance à ce dossier</translation>
    </message>
    <message>
        <source>Keep stubbed</source>
        <translation>Garder simulées</translation>
    </message>
    <message>
        <source>tests/stubs.yaml has errors, so no stubs are used: %s</source>
        <translation>tests/stubs.yaml contient des erreurs, aucune réponse simulée n’est donc utilisée : %s</translation>
    </message>
    <message>
        <source>Actions are stubbed: each action step answers with the stub the scenario&apos;s tests or tests/stubs.yaml give it (Live actions runs them).</source>
        <translation>Les actions sont simulées : chaque étape d’action répond avec la réponse simulée que lui donnent les tests du scénario ou tests/stubs.yaml (Actions réelles les exécute).</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>The scenario changed since this conversation started. Restart to chat with it.</source>
        <translation>Le scénario a changé depuis le début de cette conversation. Redémarrez pour discuter avec lui.</translation>
    </message>
    <message>
        <source>Open a scenario to chat with it.</source>
        <translation>Ouvrez un scénario pour discuter avec lui.</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Redémarrer</translation>
    </message>
    <message>
        <source>Start a new conversation on the scenario as it is now</source>
        <translation>Commencer une nouvelle conversation avec le scénario tel qu’il est maintenant</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Paramètres…</translation>
    </message>
    <message>
        <source>What answers: a model, the fake model or a reply script; the API key</source>
        <translation>Qui répond : un modèle, le modèle factice ou un script de réponses ; la clé d’API</translation>
    </message>
    <message>
        <source>Show System Events</source>
        <translation>Afficher les événements système</translation>
    </message>
    <message>
        <source>Fold out the engine&apos;s events between the bubbles</source>
        <translation>Déplier les événements du moteur entre les bulles</translation>
    </message>
    <message>
        <source>Open in Log Viewer</source>
        <translation>Ouvrir dans la visionneuse de journaux</translation>
    </message>
    <message>
        <source>Open this conversation&apos;s log in the log viewer</source>
        <translation>Ouvrir le journal de cette conversation dans la visionneuse</translation>
    </message>
    <message>
        <source>Save Log As…</source>
        <translation>Enregistrer le journal sous…</translation>
    </message>
    <message>
        <source>Keep a copy of this conversation&apos;s log where you choose</source>
        <translation>Garder une copie du journal de cette conversation à l’endroit choisi</translation>
    </message>
    <message>
        <source>Show Folder</source>
        <translation>Afficher le dossier</translation>
    </message>
    <message>
        <source>Open the folder the test chat&apos;s logs are written to</source>
        <translation>Ouvrir le dossier où sont écrits les journaux de la conversation de test</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>This conversation&apos;s log: open it in the viewer, save a copy, show its folder</source>
        <translation>Le journal de cette conversation&#xa0;: l’ouvrir dans la visionneuse, en enregistrer une copie, afficher son dossier</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Modifier le message</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Reply script: {path}</source>
        <translation>Script de réponses : {path}</translation>
    </message>
    <message>
        <source>Continues at reply {number}</source>
        <translation>Reprend à la réponse {number}</translation>
    </message>
    <message>
        <source>Remembered for this scenario</source>
        <translation>Mémorisé pour ce scénario</translation>
    </message>
    <message>
        <source>Cannot start the conversation: {error}</source>
        <translation>Impossible de démarrer la conversation&#xa0;: {error}</translation>
    </message>
    <message>
        <source>&lt;b&gt;No OpenAI API key.&lt;/b&gt; Try without a model — replies made up from the scenario&apos;s own steps, costs nothing.</source>
        <translation>&lt;b&gt;Pas de clé d’API OpenAI.&lt;/b&gt; Essayez sans modèle : des réponses inventées à partir des étapes du scénario, sans aucun coût.</translation>
    </message>
    <message>
        <source>To chat with a real model, set {variable} before starting the studio, or add a key in Settings… (kept in the system keyring when there is one, never in a file). Other ways without a key: a reply script of your own, or one created for this scenario.</source>
        <translation>Pour discuter avec un vrai modèle, définissez {variable} avant de lancer le studio, ou ajoutez une clé dans Paramètres… (gardée dans le trousseau du système s’il y en a un, jamais dans un fichier). Autres façons sans clé : votre propre script de réponses, ou un script créé pour ce scénario.</translation>
    </message>
    <message>
        <source>&lt;b&gt;The chat cannot start:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;La conversation ne peut pas démarrer :&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Forked from turn {turn} of a logged conversation: it goes on here, in a new log. Type the next message.</source>
        <translation>Dérivée du tour {turn} d’une conversation journalisée : elle continue ici, dans un nouveau journal. Tapez le message suivant.</translation>
    </message>
    <message>
        <source>The scenario loads again. Restart to chat with it as it is now.</source>
        <translation>Le scénario se charge de nouveau. Redémarrez pour discuter avec lui tel qu’il est maintenant.</translation>
    </message>
    <message>
        <source>The conversation could not start</source>
        <translation>La conversation n’a pas pu démarrer</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>Pas de réponse</translation>
    </message>
    <message>
        <source>&lt;b&gt;{lead}&lt;/b&gt; — nothing was changed, your message is kept.&lt;br&gt;{error}</source>
        <translation>&lt;b&gt;{lead}&lt;/b&gt; — rien n’a changé, votre message est conservé.&lt;br&gt;{error}</translation>
    </message>
    <message>
        <source>Send the same message again</source>
        <translation>Renvoyer le même message</translation>
    </message>
    <message>
        <source>This error is unlikely to go away by retrying; check the settings</source>
        <translation>Réessayer a peu de chances de faire disparaître cette erreur&#x202f;; vérifiez les paramètres</translation>
    </message>
    <message>
        <source>The conversation has ended — Restart to begin again</source>
        <translation>La conversation est terminée — Redémarrer pour recommencer</translation>
    </message>
    <message>
        <source>Type a message — Enter sends, Shift+Enter for a new line</source>
        <translation>Écrivez un message — Entrée l’envoie, Maj+Entrée pour une nouvelle ligne</translation>
    </message>
</context>
<context>
    <name>ChatSettings</name>
    <message>
        <source>Reply script · none chosen</source>
        <translation>Script de réponses · aucun choisi</translation>
    </message>
    <message>
        <source>Reply script · {path}</source>
        <translation>Script de réponses · {path}</translation>
    </message>
    <message>
        <source>Fake model · replies made up from the scenario&apos;s steps, not a model&apos;s · no key, no cost</source>
        <translation>Modèle factice · réponses inventées d&apos;après les étapes du scénario, pas celles d&apos;un modèle · sans clé, sans coût</translation>
    </message>
</context>
<context>
    <name>ChatSettingsDialog</name>
    <message>
        <source>Anthropic Messages API (Claude; key from ANTHROPIC_API_KEY)</source>
        <translation>API Messages d’Anthropic (Claude&#xa0;; clé lue dans ANTHROPIC_API_KEY)</translation>
    </message>
    <message>
        <source>Gemini API (key from GEMINI_API_KEY)</source>
        <translation>API Gemini (clé lue dans GEMINI_API_KEY)</translation>
    </message>
    <message>
        <source>OpenAI Responses API (chained, cheapest)</source>
        <translation>API Responses d’OpenAI (chaînée, la moins chère)</translation>
    </message>
    <message>
        <source>Chat Completions (any OpenAI-compatible server)</source>
        <translation>Chat Completions (tout serveur compatible OpenAI)</translation>
    </message>
    <message>
        <source>Try without a model — replies made up from the scenario&apos;s own steps, costs nothing</source>
        <translation>Essayer sans modèle : des réponses inventées à partir des étapes du scénario, sans aucun coût</translation>
    </message>
    <message>
        <source>Reply script — replies read from a file, costs nothing</source>
        <translation>Script de réponses : des réponses lues dans un fichier, sans aucun coût</translation>
    </message>
    <message>
        <source>Test chat settings</source>
        <translation>Paramètres de la conversation de test</translation>
    </message>
    <message>
        <source>the scenario&apos;s model ({model})</source>
        <translation>le modèle du scénario ({model})</translation>
    </message>
    <message>
        <source>default (OPENAI_BASE_URL or api.openai.com)</source>
        <translation>par défaut (OPENAI_BASE_URL ou api.openai.com)</translation>
    </message>
    <message>
        <source>a YAML or JSONL file of replies</source>
        <translation>un fichier YAML ou JSONL de réponses</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Create for This Scenario…</source>
        <translation>Créer pour ce scénario…</translation>
    </message>
    <message>
        <source>Write a script pre-filled with the scenario&apos;s signals and results, and open it</source>
        <translation>Écrire un script prérempli avec les signaux et les résultats du scénario, et l’ouvrir</translation>
    </message>
    <message>
        <source>sk-… (leave empty to keep the current key)</source>
        <translation>sk-… (laisser vide pour garder la clé actuelle)</translation>
    </message>
    <message>
        <source>Forget stored key</source>
        <translation>Oublier la clé enregistrée</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Reply script</source>
        <translation>Script de réponses</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <source>A key typed here is kept in the system keyring.</source>
        <translation>Une clé saisie ici est conservée dans le trousseau du système.</translation>
    </message>
    <message>
        <source>No system keyring here: a key typed here is kept for this session only (set {variable} to keep one).</source>
        <translation>Pas de trousseau système ici&#xa0;: une clé saisie ici n’est conservée que pour cette session (définissez {variable} pour en garder une).</translation>
    </message>
    <message>
        <source>{key}. {where}</source>
        <translation>{key}. {where}</translation>
    </message>
    <message>
        <source>Scripts (*.yaml *.yml *.jsonl *.ndjson)</source>
        <translation>Scripts (*.yaml *.yml *.jsonl *.ndjson)</translation>
    </message>
</context>
<context>
    <name>ChatTestSaver</name>
    <message>
        <source>Save as test…</source>
        <translation>Enregistrer comme test…</translation>
    </message>
    <message>
        <source>Save this conversation as a test of the scenario: its messages, what happened after each (as expectations) and the model&apos;s replies (replayed without a key)</source>
        <translation>Enregistrer cette conversation comme test du scénario&#xa0;: ses messages, ce qui s’est passé après chacun (comme attentes) et les réponses du modèle (rejouées sans clé)</translation>
    </message>
    <message>
        <source>Open a scenario first: the test is saved into it.</source>
        <translation>Ouvrez d’abord un scénario&#xa0;: le test y est enregistré.</translation>
    </message>
    <message>
        <source>scenario.yaml does not load, so the chat cannot be checked against it. Fix it first (see Problems).</source>
        <translation>scenario.yaml ne se charge pas, la conversation ne peut donc pas être vérifiée par rapport à lui. Corrigez-le d’abord (voir Problèmes).</translation>
    </message>
    <message>
        <source>There is nothing to save yet: send at least one message and wait for the answer.</source>
        <translation>Il n’y a encore rien à enregistrer&#xa0;: envoyez au moins un message et attendez la réponse.</translation>
    </message>
    <message>
        <source>The chat could not be played again: {error}</source>
        <translation>La conversation n’a pas pu être rejouée&#xa0;: {error}</translation>
    </message>
    <message>
        <source>The scenario was edited after this conversation, and the model would now be asked something else ({where}). Its recorded replies answered the old version, so a test made of them would prove nothing. Restart the chat, have the conversation again, then save it.</source>
        <translation>Le scénario a été modifié après cette conversation, et le modèle recevrait maintenant une autre demande ({where}). Ses réponses enregistrées répondaient à l’ancienne version&#xa0;: un test fait avec elles ne prouverait rien. Relancez la conversation, refaites-la, puis enregistrez-la.</translation>
    </message>
    <message>
        <source>Save chat as test {file}</source>
        <translation>Enregistrer la conversation comme test {file}</translation>
    </message>
    <message>
        <source>The test could not be added: {error}</source>
        <translation>Le test n’a pas pu être ajouté&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Save chat as test</source>
        <translation>Enregistrer la conversation comme test</translation>
    </message>
    <message>
        <source>This conversation was forked from a logged one, so it does not start at the scenario&apos;s start — and a test always does. Save the conversation it was forked from instead, or restart the chat and have it from the beginning.</source>
        <translation>Cette conversation a été dérivée d’une conversation journalisée&#xa0;: elle ne commence donc pas au début du scénario — ce que fait toujours un test. Enregistrez plutôt la conversation d’origine, ou relancez la conversation et reprenez-la depuis le début.</translation>
    </message>
    <message>
        <source>The scenario as it is now does not play this conversation the same way (it was edited since): {reason}.</source>
        <translation>Le scénario, tel qu’il est maintenant, ne rejoue pas cette conversation de la même façon (il a été modifié depuis)&#xa0;: {reason}.</translation>
    </message>
    <message>
        <source>This chat cannot be saved as a test: {reason}.</source>
        <translation>Cette conversation ne peut pas être enregistrée comme test&#xa0;: {reason}.</translation>
    </message>
</context>
<context>
    <name>ChatWindow</name>
    <message>
        <source>{scenario} — Prompter test chat</source>
        <translation>{scenario} — conversation de test Prompter</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <source>the log does not say where its scenario is; open the scenario in the studio and fork from its File → Open Log</source>
        <translation>le journal ne dit pas où est son scénario&#x202f;; ouvrez le scénario dans le studio et dérivez depuis son Fichier → Ouvrir un journal</translation>
    </message>
    <message>
        <source>the log&apos;s scenario folder {folder} does not exist any more</source>
        <translation>le dossier du scénario du journal, {folder}, n’existe plus</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Rename step &apos;{old}&apos; to &apos;{new}&apos;</source>
        <translation>Renommer l’étape «&#xa0;{old}&#xa0;» en «&#xa0;{new}&#xa0;»</translation>
    </message>
    <message>
        <source>Type in {file}</source>
        <translation>Saisie dans {file}</translation>
    </message>
    <message>
        <source>Type in scenario.yaml</source>
        <translation>Saisie dans scenario.yaml</translation>
    </message>
    <message>
        <source>Move steps</source>
        <translation>Déplacer les étapes</translation>
    </message>
    <message>
        <source>Add step &apos;{step}&apos;</source>
        <translation>Ajouter l’étape «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Delete step &apos;{step}&apos;</source>
        <translation>Supprimer l’étape «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Delete {count} steps</source>
        <translation>Supprimer {count} étapes</translation>
    </message>
    <message>
        <source>Connect &apos;{source}&apos; → &apos;{target}&apos; (signal &apos;{signal}&apos;)</source>
        <translation>Relier «&#xa0;{source}&#xa0;» → «&#xa0;{target}&#xa0;» (signal «&#xa0;{signal}&#xa0;»)</translation>
    </message>
    <message>
        <source>Auto-layout</source>
        <translation>Disposition automatique</translation>
    </message>
    <message>
        <source>Place steps</source>
        <translation>Placer les étapes</translation>
    </message>
    <message>
        <source>title</source>
        <translation>titre</translation>
    </message>
    <message>
        <source>goal</source>
        <translation>objectif</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>genre</translation>
    </message>
    <message>
        <source>final</source>
        <translation>finale</translation>
    </message>
    <message>
        <source>on enter</source>
        <translation>à l’entrée</translation>
    </message>
    <message>
        <source>instruction file</source>
        <translation>fichier d’instructions</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texte</translation>
    </message>
    <message>
        <source>description</source>
        <translation>description</translation>
    </message>
    <message>
        <source>guard</source>
        <translation>garde</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>type</source>
        <translation>type</translation>
    </message>
    <message>
        <source>required</source>
        <translation>obligatoire</translation>
    </message>
    <message>
        <source>values</source>
        <translation>valeurs</translation>
    </message>
    <message>
        <source>default</source>
        <translation>valeur par défaut</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>température</translation>
    </message>
    <message>
        <source>call</source>
        <translation>appel</translation>
    </message>
    <message>
        <source>function</source>
        <translation>fonction</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>requête HTTP</translation>
    </message>
    <message>
        <source>method</source>
        <translation>méthode</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>adresse URL</translation>
    </message>
    <message>
        <source>headers</source>
        <translation>en-têtes</translation>
    </message>
    <message>
        <source>JSON body</source>
        <translation>corps JSON</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>entrées</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>délai</translation>
    </message>
    <message>
        <source>the scenario&apos;s title</source>
        <translation>le titre du scénario</translation>
    </message>
    <message>
        <source>the start step</source>
        <translation>l’étape de départ</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>le modèle</translation>
    </message>
    <message>
        <source>the persona file</source>
        <translation>le fichier de persona</translation>
    </message>
    <message>
        <source>the contract settings</source>
        <translation>les réglages du contrat</translation>
    </message>
    <message>
        <source>the name</source>
        <translation>le nom</translation>
    </message>
    <message>
        <source>the scenario&apos;s description</source>
        <translation>la description du scénario</translation>
    </message>
    <message>
        <source>the variables</source>
        <translation>les variables</translation>
    </message>
    <message>
        <source>the steps</source>
        <translation>les étapes</translation>
    </message>
    <message>
        <source>signal &apos;{signal}&apos; of &apos;{step}&apos;</source>
        <translation>le signal «&#xa0;{signal}&#xa0;» de «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>result &apos;{result}&apos; of &apos;{step}&apos;</source>
        <translation>le résultat «&#xa0;{result}&#xa0;» de «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>step &apos;{step}&apos;</source>
        <translation>l’étape «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>variable &apos;{name}&apos;</source>
        <translation>la variable «&#xa0;{name}&#xa0;»</translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation>le scénario</translation>
    </message>
    <message>
        <source>Make &apos;{step}&apos; the start step</source>
        <translation>Faire de «&#xa0;{step}&#xa0;» l’étape de départ</translation>
    </message>
    <message>
        <source>Change {what}</source>
        <translation>Modifier {what}</translation>
    </message>
    <message>
        <source>Replace {what}</source>
        <translation>Remplacer {what}</translation>
    </message>
    <message>
        <source>Point {what} to &apos;{target}&apos;</source>
        <translation>Diriger {what} vers «&#xa0;{target}&#xa0;»</translation>
    </message>
    <message>
        <source>Mark {what} final</source>
        <translation>Marquer {what} comme étape finale</translation>
    </message>
    <message>
        <source>Mark {what} not final</source>
        <translation>Marquer {what} comme étape non finale</translation>
    </message>
    <message>
        <source>Mark {what} required</source>
        <translation>Rendre {what} obligatoire</translation>
    </message>
    <message>
        <source>Mark {what} not required</source>
        <translation>Rendre {what} facultatif</translation>
    </message>
    <message>
        <source>Change the transitions of {what}</source>
        <translation>Modifier les transitions de {what}</translation>
    </message>
    <message>
        <source>Change the results of {what}</source>
        <translation>Modifier les résultats de {what}</translation>
    </message>
    <message>
        <source>Change {field} of {what}</source>
        <translation>Modifier «&#xa0;{field}&#xa0;» de {what}</translation>
    </message>
    <message>
        <source>Delete {what}</source>
        <translation>Supprimer {what}</translation>
    </message>
    <message>
        <source>Remove {what}</source>
        <translation>Retirer {what}</translation>
    </message>
    <message>
        <source>Clear {field} of {what}</source>
        <translation>Effacer «&#xa0;{field}&#xa0;» de {what}</translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation>Ajouter {what}</translation>
    </message>
    <message>
        <source>Add signal &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>Ajouter le signal «&#xa0;{name}&#xa0;» à «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Add result &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>Ajouter le résultat «&#xa0;{name}&#xa0;» à «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Add {field} to {what}</source>
        <translation>Ajouter «&#xa0;{field}&#xa0;» à {what}</translation>
    </message>
    <message>
        <source>Rename {what} to &apos;{name}&apos;</source>
        <translation>Renommer {what} en «&#xa0;{name}&#xa0;»</translation>
    </message>
    <message>
        <source>Add {kind} step &apos;{step}&apos;</source>
        <translation>Ajouter l’étape {kind} « {step} »</translation>
    </message>
    <message>
        <source>Make &apos;{step}&apos; a {kind} step</source>
        <translation>Faire de « {step} » une étape {kind}</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare with…</source>
        <translation>Comparer avec…</translation>
    </message>
    <message>
        <source>Compare &lt;b&gt;{scenario}&lt;/b&gt; as it is open now (unsaved edits included) with:</source>
        <translation>Comparer &lt;b&gt;{scenario}&lt;/b&gt; tel qu’il est ouvert maintenant (modifications non enregistrées comprises) avec&#xa0;:</translation>
    </message>
    <message>
        <source>A git revision of this scenario</source>
        <translation>Une révision git de ce scénario</translation>
    </message>
    <message>
        <source>Another folder</source>
        <translation>Un autre dossier</translation>
    </message>
    <message>
        <source>a scenario folder</source>
        <translation>un dossier de scénario</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>A git revision (this scenario has never been committed)</source>
        <translation>Une révision git (ce scénario n’a jamais été commité)</translation>
    </message>
    <message>
        <source>A git revision (this folder is not in a git repository)</source>
        <translation>Une révision git (ce dossier n’est pas dans un dépôt git)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <source>A scenario folder to compare with</source>
        <translation>Un dossier de scénario avec lequel comparer</translation>
    </message>
</context>
<context>
    <name>CompareMarks</name>
    <message>
        <source>added</source>
        <translation>ajoutée</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>supprimée</translation>
    </message>
    <message>
        <source>renamed</source>
        <translation>renommée</translation>
    </message>
    <message>
        <source>retargeted</source>
        <translation>redirigée</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>modifiée</translation>
    </message>
    <message>
        <source>arrow added / removed / changed</source>
        <translation>flèche ajoutée / supprimée / modifiée</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>Différences</translation>
    </message>
    <message>
        <source>faded: unchanged</source>
        <translation>estompé&#xa0;: inchangé</translation>
    </message>
    <message>
        <source>&lt;b&gt;renamed&lt;/b&gt; from &lt;code&gt;{step}&lt;/code&gt;</source>
        <translation>&lt;b&gt;renommée&lt;/b&gt; depuis &lt;code&gt;{step}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>{count} result(s)</source>
        <translation>{count} résultat(s)</translation>
    </message>
    <message>
        <source>{count} transition(s)</source>
        <translation>{count} transition(s)</translation>
    </message>
    <message>
        <source>instructions +{added} -{removed}</source>
        <translation>instructions +{added} -{removed}</translation>
    </message>
</context>
<context>
    <name>CompareWindow</name>
    <message>
        <source>{old} → {new} — Prompter compare</source>
        <translation>{old} → {new} — comparaison Prompter</translation>
    </message>
    <message>
        <source>The two versions are the same.</source>
        <translation>Les deux versions sont identiques.</translation>
    </message>
    <message>
        <source>{step}: the same in both versions.</source>
        <translation>{step}&#xa0;: identique dans les deux versions.</translation>
    </message>
    <message>
        <source>settings changed</source>
        <translation>réglages modifiés</translation>
    </message>
    <message>
        <source>{count} variable(s) changed</source>
        <translation>{count} variable(s) modifiée(s)</translation>
    </message>
    <message>
        <source>Steps: {changes}</source>
        <translation>Étapes&#xa0;: {changes}</translation>
    </message>
    <message>
        <source>The scenario is the same</source>
        <translation>Le scénario est identique</translation>
    </message>
    <message>
        <source>; the layout changed too</source>
        <translation>&#x202f;; la disposition a changé aussi</translation>
    </message>
    <message>
        <source>; only the layout changed</source>
        <translation>&#x202f;; seule la disposition a changé</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Copy as JSON</source>
        <translation>Copier en JSON</translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation>Copier le texte</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Replier</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>Déplier</translation>
    </message>
    <message>
        <source>Inspect model call…</source>
        <translation>Inspecter l’appel au modèle…</translation>
    </message>
</context>
<context>
    <name>ConversationsPart</name>
    <message>
        <source>Conversation #{index} has no log: it never started.</source>
        <translation>La conversation n°{index} n’a pas de journal&#xa0;: elle n’a jamais commencé.</translation>
    </message>
    <message>
        <source>Save as test</source>
        <translation>Enregistrer comme test</translation>
    </message>
    <message>
        <source>Conversation #{index} never started: there is nothing to save.</source>
        <translation>La conversation n°{index} n’a jamais commencé&#xa0;: il n’y a rien à enregistrer.</translation>
    </message>
    <message>
        <source>Name of the test:</source>
        <translation>Nom du test&#xa0;:</translation>
    </message>
    <message>
        <source>{persona}, simulated #{index}</source>
        <translation>{persona}, simulée n°{index}</translation>
    </message>
    <message>
        <source>Saving conversation #{index} as a test…</source>
        <translation>Enregistrement de la conversation n°{index} comme test…</translation>
    </message>
    <message>
        <source>Saved {file} and its cassette</source>
        <translation>{file} et sa cassette enregistrés</translation>
    </message>
    <message>
        <source>Saved {file} with its cassette. It replays without a model: {command}</source>
        <translation>{file} enregistré avec sa cassette. Il se rejoue sans modèle&#xa0;: {command}</translation>
    </message>
    <message>
        <source>The conversation was not saved as a test: {message}</source>
        <translation>La conversation n’a pas été enregistrée comme test&#xa0;: {message}</translation>
    </message>
</context>
<context>
    <name>Coverage</name>
    <message>
        <source>No test enters this step.</source>
        <translation>Aucun test n’entre dans cette étape.</translation>
    </message>
    <message>
        <source>No test fills:</source>
        <translation>Aucun test ne remplit&#xa0;:</translation>
    </message>
    <message>
        <source>No test takes this transition.</source>
        <translation>Aucun test ne prend cette transition.</translation>
    </message>
    <message>
        <source>steps {ratio}</source>
        <translation>étapes {ratio}</translation>
    </message>
    <message>
        <source>signals {ratio}</source>
        <translation>signaux {ratio}</translation>
    </message>
    <message>
        <source>results {ratio}</source>
        <translation>résultats {ratio}</translation>
    </message>
    <message>
        <source>Test coverage: what no test exercises</source>
        <translation>Couverture des tests&#xa0;: ce qu’aucun test n’exerce</translation>
    </message>
    <message>
        <source>step no test enters</source>
        <translation>étape où aucun test n’entre</translation>
    </message>
    <message>
        <source>a result no test fills</source>
        <translation>un résultat qu’aucun test ne remplit</translation>
    </message>
    <message>
        <source>transition no test takes</source>
        <translation>transition qu’aucun test ne prend</translation>
    </message>
    <message>
        <source>covered: {figures}</source>
        <translation>couvert&#xa0;: {figures}</translation>
    </message>
    <message>
        <source>{names} and {count} more</source>
        <translation>{names} et {count} autres</translation>
    </message>
    <message>
        <source>Covered by {names}</source>
        <translation>Couvert par {names}</translation>
    </message>
</context>
<context>
    <name>DiffList</name>
    <message>
        <source>Steps ({count})</source>
        <translation>Étapes ({count})</translation>
    </message>
    <message>
        <source>Scenario settings ({count})</source>
        <translation>Réglages du scénario ({count})</translation>
    </message>
    <message>
        <source>Variables ({count})</source>
        <translation>Variables ({count})</translation>
    </message>
    <message>
        <source>Layout only: {count} step(s) moved</source>
        <translation>Disposition seulement&#xa0;: {count} étape(s) déplacée(s)</translation>
    </message>
    <message>
        <source>Layout only: saved positions changed</source>
        <translation>Disposition seulement&#xa0;: positions enregistrées modifiées</translation>
    </message>
    <message>
        <source>{count} result(s)</source>
        <translation>{count} résultat(s)</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>instructions</translation>
    </message>
</context>
<context>
    <name>DistributionCharts</name>
    <message>
        <source>Cost per conversation</source>
        <translation>Coût par conversation</translation>
    </message>
    <message>
        <source>Calls per message</source>
        <translation>Appels par message</translation>
    </message>
    <message>
        <source>calls / message</source>
        <translation>appels / message</translation>
    </message>
</context>
<context>
    <name>DocumentationWindow</name>
    <message>
        <source>Prompter documentation</source>
        <translation>Documentation de Prompter</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>The documentation files were not found next to the program ({folder}).</source>
        <translation>Les fichiers de la documentation sont introuvables à côté du programme ({folder}).</translation>
    </message>
</context>
<context>
    <name>EditSession</name>
    <message>
        <source>the validator failed: {error}</source>
        <translation>le validateur a échoué&#xa0;: {error}</translation>
    </message>
</context>
<context>
    <name>EventDelegate</name>
    <message>
        <source>Copy JSON</source>
        <translation>Copier JSON</translation>
    </message>
    <message>
        <source>… {count} more lines (Copy JSON for all)</source>
        <translation>… {count} lignes de plus (Copier JSON pour tout)</translation>
    </message>
    <message>
        <source>Turn {turn} · {step}</source>
        <translation>Tour {turn} · {step}</translation>
    </message>
</context>
<context>
    <name>EventListModel</name>
    <message>
        <source>Click to unfold · right-click to copy as JSON</source>
        <translation>Cliquez pour déplier · clic droit pour copier en JSON</translation>
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
        <translation>{input} en entrée ({cached} en cache) · {output} en sortie</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>non défini</translation>
    </message>
    <message>
        <source>Session started · {title} · {provider} / {model} · start: {step}</source>
        <translation>Session commencée · {title} · {provider} / {model} · départ&#xa0;: {step}</translation>
    </message>
    <message>
        <source>Model request · {purpose} #{attempt} · {model} · {chars} chars of instructions</source>
        <translation>Requête au modèle · {purpose} n°{attempt} · {model} · {chars} caractères d’instructions</translation>
    </message>
    <message>
        <source>Model reply · {purpose} #{attempt}</source>
        <translation>Réponse du modèle · {purpose} n°{attempt}</translation>
    </message>
    <message>
        <source>Contract violation · {kind} · {detail}</source>
        <translation>Violation du contrat · {kind} · {detail}</translation>
    </message>
    <message>
        <source>Correction sent · attempt {attempt} · {text}</source>
        <translation>Correction envoyée · tentative {attempt} · {text}</translation>
    </message>
    <message>
        <source>Fallback message sent · {reason}</source>
        <translation>Message de repli envoyé · {reason}</translation>
    </message>
    <message>
        <source>{name}: {old} → {new} · by {source}</source>
        <translation>{name}&#xa0;: {old} → {new} · par {source}</translation>
    </message>
    <message>
        <source>Step summary · {summary}</source>
        <translation>Résumé de l’étape · {summary}</translation>
    </message>
    <message>
        <source>Transition · {source} → {target} on “{signal}”</source>
        <translation>Transition · {source} → {target} sur «&#xa0;{signal}&#xa0;»</translation>
    </message>
    <message>
        <source>Turn {turn} done · {calls} call(s), {corrections} correction(s) · {usage} · {cost}</source>
        <translation>Tour {turn} terminé · {calls} appel(s), {corrections} correction(s) · {usage} · {cost}</translation>
    </message>
    <message>
        <source>Error · {kind} · {message}</source>
        <translation>Erreur · {kind} · {message}</translation>
    </message>
    <message>
        <source>can retry</source>
        <translation>peut être réessayé</translation>
    </message>
    <message>
        <source>Action call · {action}</source>
        <translation>Appel d’action · {action}</translation>
    </message>
    <message>
        <source>Late action result (not applied)</source>
        <translation>Résultat d’action tardif (non appliqué)</translation>
    </message>
    <message>
        <source>Action result</source>
        <translation>Résultat d’action</translation>
    </message>
    <message>
        <source>Session ended · {reason}</source>
        <translation>Session terminée · {reason}</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>tour</translation>
    </message>
    <message>
        <source>correction</source>
        <translation>correction</translation>
    </message>
    <message>
        <source>step entry</source>
        <translation>entrée dans l’étape</translation>
    </message>
    <message>
        <source>1 piece</source>
        <translation>1 fragment</translation>
    </message>
    <message>
        <source>{count} pieces</source>
        <translation>{count} fragments</translation>
    </message>
    <message>
        <source>Message streamed · attempt {attempt} · {pieces} · {text}</source>
        <translation>Message reçu en flux · tentative {attempt} · {pieces} · {text}</translation>
    </message>
    <message>
        <source>the reply broke the contract; the correction streams</source>
        <translation>la réponse a enfreint le contrat ; la correction arrive en flux</translation>
    </message>
    <message>
        <source>the stream was cut; the call is made again</source>
        <translation>le flux a été coupé ; l’appel est refait</translation>
    </message>
    <message>
        <source>the call failed</source>
        <translation>l’appel a échoué</translation>
    </message>
    <message>
        <source>Streamed message taken back · {reason}</source>
        <translation>Message reçu en flux, retiré · {reason}</translation>
    </message>
    <message>
        <source>seq {seq} · turn {turn} · step {step}</source>
        <translation>n° {seq} · tour {turn} · étape {step}</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(vide)</translation>
    </message>
</context>
<context>
    <name>EventTableModel</name>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>Double-click or Enter: inspect this model call</source>
        <translation>Double-clic ou Entrée&#xa0;: inspecter cet appel au modèle</translation>
    </message>
</context>
<context>
    <name>ExpectationPanel</name>
    <message>
        <source>(the test file is not available)</source>
        <translation>(le fichier du test n’est pas disponible)</translation>
    </message>
    <message>
        <source>(nothing is expected at the end)</source>
        <translation>(rien n’est attendu à la fin)</translation>
    </message>
    <message>
        <source>(the opening: nothing is expected before the first message)</source>
        <translation>(l’ouverture&#xa0;: rien n’est attendu avant le premier message)</translation>
    </message>
    <message>
        <source>bot: {reply}</source>
        <translation>bot&#xa0;: {reply}</translation>
    </message>
    <message>
        <source>What went wrong in this run:</source>
        <translation>Ce qui n’a pas marché dans cette exécution&#xa0;:</translation>
    </message>
    <message>
        <source>test</source>
        <translation>test</translation>
    </message>
    <message>
        <source>After the last turn, the test expects:</source>
        <translation>Après le dernier tour, le test attend&#xa0;:</translation>
    </message>
    <message>
        <source>At the opening:</source>
        <translation>À l’ouverture&#xa0;:</translation>
    </message>
    <message>
        <source>Turn {turn}: the test expects (the run stopped in this turn, which the log rolls back: it shows turn {last})</source>
        <translation>Tour {turn}&#xa0;: le test attend (l’exécution s’est arrêtée pendant ce tour, que le journal annule&#xa0;: il montre le tour {last})</translation>
    </message>
    <message>
        <source>Turn {turn}: the test expects</source>
        <translation>Tour {turn}&#xa0;: le test attend</translation>
    </message>
    <message>
        <source>Test expectation</source>
        <translation>Attente du test</translation>
    </message>
</context>
<context>
    <name>FileCommands</name>
    <message>
        <source>Cannot open the scenario</source>
        <translation>Impossible d’ouvrir le scénario</translation>
    </message>
    <message>
        <source>The scenario has errors: see the Problems pane</source>
        <translation>Le scénario contient des erreurs&#xa0;: voir le panneau Problèmes</translation>
    </message>
    <message>
        <source>Cannot create the scenario</source>
        <translation>Impossible de créer le scénario</translation>
    </message>
    <message>
        <source>Open a scenario folder</source>
        <translation>Ouvrir le dossier d’un scénario</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Impossible d’enregistrer</translation>
    </message>
    <message>
        <source>Scenario folder recreated</source>
        <translation>Dossier du scénario recréé</translation>
    </message>
    <message>
        <source>{folder} was gone from the disk. Every file the studio holds was written there again: {count} file(s).</source>
        <translation>{folder} avait disparu du disque. Tous les fichiers que le studio garde en mémoire y ont été réécrits : {count} fichier(s).</translation>
    </message>
    <message>
        <source>Saved {count} file(s)</source>
        <translation>{count} fichier(s) enregistré(s)</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>Rien à enregistrer</translation>
    </message>
    <message>
        <source>Save the scenario into folder</source>
        <translation>Enregistrer le scénario dans le dossier</translation>
    </message>
    <message>
        <source>Replace scenario?</source>
        <translation>Remplacer le scénario&#x202f;?</translation>
    </message>
    <message>
        <source>{folder} already holds a scenario. Replace it?</source>
        <translation>{folder} contient déjà un scénario. Le remplacer&#x202f;?</translation>
    </message>
    <message>
        <source>Saved to {folder}</source>
        <translation>Enregistré dans {folder}</translation>
    </message>
    <message>
        <source>Save the changes to “{name}”?</source>
        <translation>Enregistrer les modifications de «&#xa0;{name}&#xa0;»&#x202f;?</translation>
    </message>
    <message>
        <source>Reload from disk?</source>
        <translation>Recharger depuis le disque&#x202f;?</translation>
    </message>
    <message>
        <source>Reloading discards your unsaved changes.</source>
        <translation>Recharger abandonne vos modifications non enregistrées.</translation>
    </message>
    <message>
        <source>Cannot reload</source>
        <translation>Impossible de recharger</translation>
    </message>
    <message>
        <source>Reloaded from disk</source>
        <translation>Rechargé depuis le disque</translation>
    </message>
    <message>
        <source>You have unsaved changes: reloading discards them; keeping them and saving overwrites the files.</source>
        <translation>Vous avez des modifications non enregistrées&#xa0;: recharger les abandonne&#x202f;; les garder puis enregistrer écrase les fichiers.</translation>
    </message>
    <message>
        <source>Changed on disk by another program: {files}.</source>
        <translation>Modifié sur le disque par un autre programme&#xa0;: {files}.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Recharger</translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation>Garder les miennes</translation>
    </message>
    <message>
        <source>Fix the scenario&apos;s errors before exporting.</source>
        <translation>Corrigez les erreurs du scénario avant d’exporter.</translation>
    </message>
    <message>
        <source>Export to draw.io</source>
        <translation>Exporter vers draw.io</translation>
    </message>
    <message>
        <source>draw.io diagrams (*.drawio)</source>
        <translation>Diagrammes draw.io (*.drawio)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>Impossible d’exporter</translation>
    </message>
    <message>
        <source>Exported {file}</source>
        <translation>{file} exporté</translation>
    </message>
    <message>
        <source>Import from draw.io</source>
        <translation>Importer depuis draw.io</translation>
    </message>
    <message>
        <source>draw.io diagrams (*.drawio *.xml);;All files (*)</source>
        <translation>Diagrammes draw.io (*.drawio *.xml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Cannot import the diagram</source>
        <translation>Impossible d’importer le diagramme</translation>
    </message>
    <message>
        <source>Nothing was changed.

{error}</source>
        <translation>Rien n’a été modifié.

{error}</translation>
    </message>
    <message>
        <source>{file} matches the scenario: nothing to change.</source>
        <translation>{file} correspond au scénario&#xa0;: rien à modifier.</translation>
    </message>
    <message>
        <source>Import {file}</source>
        <translation>Importer {file}</translation>
    </message>
    <message>
        <source>It would make the scenario invalid; nothing was changed.

{problems}</source>
        <translation>Le scénario deviendrait invalide&#x202f;; rien n’a été modifié.

{problems}</translation>
    </message>
    <message>
        <source>Imported {file}: {count} change(s)</source>
        <translation>{file} importé&#xa0;: {count} modification(s)</translation>
    </message>
    <message>
        <source>Imported {file} (one undo step):</source>
        <translation>{file} importé (une seule étape d’annulation)&#xa0;:</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(aucun pour l&apos;instant)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Vider la liste</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Remarques&#xa0;:</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find steps by id, title or instruction text</source>
        <translation>Rechercher des étapes par identifiant, titre ou texte des instructions</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Rechercher&#xa0;:</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Résultat précédent (Maj+Entrée)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Résultat suivant (Entrée)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Fermer (Échap)</translation>
    </message>
    <message>
        <source>no matches</source>
        <translation>aucun résultat</translation>
    </message>
    <message>
        <source>1 match</source>
        <translation>1 résultat</translation>
    </message>
    <message>
        <source>{count} matches</source>
        <translation>{count} résultats</translation>
    </message>
    <message>
        <source>{index} of {count}</source>
        <translation>{index} sur {count}</translation>
    </message>
</context>
<context>
    <name>GraphAccess</name>
    <message>
        <source>prompt</source>
        <translation>prompt</translation>
    </message>
    <message>
        <source>message</source>
        <translation>message</translation>
    </message>
    <message>
        <source>action</source>
        <translation>action</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>manquante</translation>
    </message>
    <message>
        <source>step {title}</source>
        <translation>étape {title}</translation>
    </message>
    <message>
        <source>start</source>
        <translation>départ</translation>
    </message>
    <message>
        <source>final</source>
        <translation>finale</translation>
    </message>
    <message>
        <source>1 transition</source>
        <translation>1 transition</translation>
    </message>
    <message>
        <source>{count} transitions</source>
        <translation>{count} transitions</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 erreur</translation>
    </message>
    <message>
        <source>{count} errors</source>
        <translation>{count} erreurs</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 avertissement</translation>
    </message>
    <message>
        <source>{count} warnings</source>
        <translation>{count} avertissements</translation>
    </message>
    <message>
        <source>{signal}: {source} to {target}</source>
        <translation>{signal} : de {source} à {target}</translation>
    </message>
    <message>
        <source>transition {signal} from {source} to {target}</source>
        <translation>transition {signal} de {source} à {target}</translation>
    </message>
    <message>
        <source>Scenario graph</source>
        <translation>Graphe du scénario</translation>
    </message>
</context>
<context>
    <name>GraphItems</name>
    <message>
        <source>final</source>
        <translation>finale</translation>
    </message>
    <message>
        <source>not declared: a transition leads here</source>
        <translation>non déclarée&#xa0;: une transition mène ici</translation>
    </message>
    <message>
        <source>requires ({count}): {names}</source>
        <translation>exige ({count})&#xa0;: {names}</translation>
    </message>
</context>
<context>
    <name>GraphKeys</name>
    <message>
        <source>Connecting cancelled</source>
        <translation>Liaison annulée</translation>
    </message>
    <message>
        <source>Connect “{step}” to: move to the target step, then press Enter (Esc cancels)</source>
        <translation>Relier « {step} » à : allez à l’étape cible, puis appuyez sur Entrée (Échap annule)</translation>
    </message>
</context>
<context>
    <name>GraphPart</name>
    <message>
        <source>Conversation #{index} ({status})</source>
        <translation>Conversation n°{index} ({status})</translation>
    </message>
    <message>
        <source>Path taken by {count} conversation(s)</source>
        <translation>Chemin suivi par {count} conversation(s)</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Chemin</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Select several steps</source>
        <translation>Sélectionner plusieurs étapes</translation>
    </message>
    <message>
        <source>Ctrl+click, or drag a rubber band on empty canvas</source>
        <translation>Ctrl+clic, ou tracer un rectangle de sélection sur le canevas vide</translation>
    </message>
    <message>
        <source>Move steps</source>
        <translation>Déplacer des étapes</translation>
    </message>
    <message>
        <source>Drag them (one undo step per drag)</source>
        <translation>Les faire glisser (une étape d’annulation par glissement)</translation>
    </message>
    <message>
        <source>Connect two steps</source>
        <translation>Relier deux étapes</translation>
    </message>
    <message>
        <source>Drag from the handle under a step, or Shift+drag, onto another</source>
        <translation>Glisser depuis la poignée sous une étape, ou Maj+glisser, jusqu’à une autre</translation>
    </message>
    <message>
        <source>Add a step here</source>
        <translation>Ajouter une étape ici</translation>
    </message>
    <message>
        <source>Double-click empty canvas</source>
        <translation>Double-cliquer sur le canevas vide</translation>
    </message>
    <message>
        <source>Edit a step&apos;s instructions</source>
        <translation>Modifier les instructions d’une étape</translation>
    </message>
    <message>
        <source>Double-click the step</source>
        <translation>Double-cliquer sur l’étape</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+molette</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Se déplacer</translation>
    </message>
    <message>
        <source>Middle button drag, or Space+drag</source>
        <translation>Glisser avec le bouton du milieu, ou Espace+glisser</translation>
    </message>
    <message>
        <source>Insert a variable</source>
        <translation>Insérer une variable</translation>
    </message>
    <message>
        <source>Type {{ in instructions; Enter takes the first name</source>
        <translation>Taper {{ dans les instructions&#x202f;; Entrée prend le premier nom</translation>
    </message>
    <message>
        <source>Send a chat message</source>
        <translation>Envoyer un message dans la conversation</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter: a new line)</source>
        <translation>Entrée (Maj+Entrée&#xa0;: une nouvelle ligne)</translation>
    </message>
    <message>
        <source>Test chat logs</source>
        <translation>Journaux des conversations de test</translation>
    </message>
    <message>
        <source>every test conversation, one JSON Lines file each (File ▸ Open Conversation Log…)</source>
        <translation>chaque conversation de test, un fichier JSON Lines par conversation (Fichier ▸ Ouvrir un journal de conversation…)</translation>
    </message>
    <message>
        <source>Studio settings</source>
        <translation>Réglages du studio</translation>
    </message>
    <message>
        <source>window layout, recent scenarios, chat provider; never the API key</source>
        <translation>disposition des fenêtres, scénarios récents, fournisseur de la conversation&#x202f;; jamais la clé d’API</translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation>Ce scénario</translation>
    </message>
    <message>
        <source>scenario.yaml and its instruction files</source>
        <translation>scenario.yaml et ses fichiers d’instructions</translation>
    </message>
    <message>
        <source>Its layout</source>
        <translation>Sa disposition</translation>
    </message>
    <message>
        <source>where you put each step (written once you arrange one)</source>
        <translation>où vous placez chaque étape (écrit dès que vous en disposez une)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <source>OPENAI_API_KEY, or the system keyring (Test chat ▸ Settings…): never a file</source>
        <translation>OPENAI_API_KEY, ou le trousseau du système (Conversation de test ▸ Paramètres…)&#xa0;: jamais un fichier</translation>
    </message>
    <message>
        <source>Write, test and draw scenarios that keep LLM chatbots on script.</source>
        <translation>Écrire, tester et dessiner des scénarios qui font suivre leur script aux chatbots LLM.</translation>
    </message>
    <message>
        <source>Help ▸ Documentation has the whole manual, offline.</source>
        <translation>Aide ▸ Documentation contient tout le manuel, hors ligne.</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <source>{title}: {reason}</source>
        <translation>{title}&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>{title}: no conversations</source>
        <translation>{title}&#xa0;: aucune conversation</translation>
    </message>
    <message>
        <source>{title} — median {median}, p90 {p90}, max {max}</source>
        <translation>{title} — médiane {median}, p90 {p90}, max. {max}</translation>
    </message>
    <message>
        <source>conversations</source>
        <translation>conversations</translation>
    </message>
    <message>
        <source>{count} conversation(s) from {low} to {high}</source>
        <translation>{count} conversation(s) de {low} à {high}</translation>
    </message>
</context>
<context>
    <name>InlineEditor</name>
    <message>
        <source>Title of {step}</source>
        <translation>Titre de {step}</translation>
    </message>
    <message>
        <source>Text of {step}</source>
        <translation>Texte de {step}</translation>
    </message>
</context>
<context>
    <name>KeyFreeActions</name>
    <message>
        <source>Try without a model</source>
        <translation>Essayer sans modèle</translation>
    </message>
    <message>
        <source>Replies made up from the scenario&apos;s own steps: no key, costs nothing</source>
        <translation>Des réponses composées à partir des étapes du scénario : sans clé, gratuit</translation>
    </message>
    <message>
        <source>Use a Reply Script…</source>
        <translation>Utiliser un script de réponses…</translation>
    </message>
    <message>
        <source>Replies read from a file, one per model call: costs nothing</source>
        <translation>Des réponses lues dans un fichier, une par appel au modèle : gratuit</translation>
    </message>
    <message>
        <source>Create a Reply Script for This Scenario…</source>
        <translation>Créer un script de réponses pour ce scénario…</translation>
    </message>
    <message>
        <source>Write a reply script pre-filled with the scenario&apos;s signals and results, open it, and chat with it</source>
        <translation>Écrire un script de réponses prérempli avec les signaux et les résultats du scénario, l’ouvrir et discuter avec</translation>
    </message>
    <message>
        <source>Add an API Key…</source>
        <translation>Ajouter une clé d’API…</translation>
    </message>
    <message>
        <source>Other ways</source>
        <translation>Autres moyens</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>System Language ({language})</source>
        <translation>Langue du système ({language})</translation>
    </message>
</context>
<context>
    <name>LocaleText</name>
    <message>
        <source>no cost (scripted)</source>
        <translation>sans coût (scripté)</translation>
    </message>
    <message>
        <source>cost {amount}</source>
        <translation>coût {amount}</translation>
    </message>
</context>
<context>
    <name>LogPane</name>
    <message>
        <source>{shown} of {total}</source>
        <translation>{shown} sur {total}</translation>
    </message>
    <message>
        <source>{count} events</source>
        <translation>{count} événements</translation>
    </message>
    <message>
        <source>All types</source>
        <translation>Tous les types</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Problèmes seulement</translation>
    </message>
    <message>
        <source>Model calls only</source>
        <translation>Appels au modèle seulement</translation>
    </message>
    <message>
        <source>{count} of {total} types</source>
        <translation>{count} types sur {total}</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>Toutes les étapes</translation>
    </message>
    <message>
        <source>Inspect model call</source>
        <translation>Inspecter l’appel au modèle</translation>
    </message>
    <message>
        <source>Only step “{step}”</source>
        <translation>Seulement l’étape «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Only “{type}” events</source>
        <translation>Seulement les événements «&#xa0;{type}&#xa0;»</translation>
    </message>
    <message>
        <source>Show all events</source>
        <translation>Afficher tous les événements</translation>
    </message>
    <message>
        <source>Search events (Ctrl+F)</source>
        <translation>Chercher dans les événements (Ctrl+F)</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Suivre</translation>
    </message>
    <message>
        <source>Keep the newest event in view (scrolling up stops it)</source>
        <translation>Garder le dernier événement visible (remonter l’arrête)</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspecteur</translation>
    </message>
    <message>
        <source>Show what the selected model call sent and cost (double-click a request or reply)</source>
        <translation>Montrer ce que l’appel au modèle sélectionné a envoyé et coûté (double-clic sur une requête ou une réponse)</translation>
    </message>
</context>
<context>
    <name>LogWindow</name>
    <message>
        <source>{file} — Prompter log</source>
        <translation>{file} — journal Prompter</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Relecture</translation>
    </message>
    <message>
        <source>Turns: tokens, cost, model time</source>
        <translation>Tours&#xa0;: jetons, coût, temps du modèle</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Open Log…</source>
        <translation>Ouvrir un journal…</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Suivre</translation>
    </message>
    <message>
        <source>Show new events as another process appends them</source>
        <translation>Afficher les nouveaux événements à mesure qu’un autre processus les ajoute</translation>
    </message>
    <message>
        <source>System events</source>
        <translation>Événements système</translation>
    </message>
    <message>
        <source>Show the engine&apos;s events between the chat bubbles</source>
        <translation>Afficher les événements du moteur entre les bulles de la conversation</translation>
    </message>
    <message>
        <source>Reading {file}… showing its last events</source>
        <translation>Lecture de {file}… affichage de ses derniers événements</translation>
    </message>
    <message>
        <source>Reading {file}… {done}</source>
        <translation>Lecture de {file}… {done}</translation>
    </message>
    <message>
        <source>The log was truncated or replaced: reading it again</source>
        <translation>Le journal a été tronqué ou remplacé&#xa0;: nouvelle lecture</translation>
    </message>
    <message>
        <source>{file} does not exist (yet)</source>
        <translation>{file} n’existe pas (encore)</translation>
    </message>
    <message>
        <source>the last line is incomplete (cut off while being written)</source>
        <translation>la dernière ligne est incomplète (coupée pendant l’écriture)</translation>
    </message>
    <message>
        <source>{count} event(s) missing after seq {seq}</source>
        <translation>{count} événement(s) manquant(s) après le n° {seq}</translation>
    </message>
    <message>
        <source>following</source>
        <translation>suivi actif</translation>
    </message>
    <message>
        <source>not following</source>
        <translation>suivi arrêté</translation>
    </message>
    <message>
        <source>{count} events · {state}</source>
        <translation>{count} événements · {state}</translation>
    </message>
    <message>
        <source>skipped {count} line(s)</source>
        <translation>{count} ligne(s) ignorée(s)</translation>
    </message>
    <message>
        <source>Cannot fork</source>
        <translation>Impossible de dériver</translation>
    </message>
    <message>
        <source>Open conversation log</source>
        <translation>Ouvrir un journal de conversation</translation>
    </message>
    <message>
        <source>Logs (*.jsonl *.log);;All (*)</source>
        <translation>Journaux (*.jsonl *.log);;Tous (*)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>Thème &amp;sombre</translation>
    </message>
    <message>
        <source>A dark palette for the studio (remembered)</source>
        <translation>Une palette sombre pour le studio (mémorisée)</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Nouveau…</translation>
    </message>
    <message>
        <source>Create a scenario from a template</source>
        <translation>Créer un scénario à partir d&apos;un modèle</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open a scenario folder</source>
        <translation>Ouvrir le dossier d&apos;un scénario</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>Enregistrer le scénario</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>Save the scenario into another folder</source>
        <translation>Enregistrer le scénario dans un autre dossier</translation>
    </message>
    <message>
        <source>&amp;Export to draw.io…</source>
        <translation>E&amp;xporter vers draw.io…</translation>
    </message>
    <message>
        <source>Write the graph as a draw.io diagram</source>
        <translation>Écrire le graphe sous forme de diagramme draw.io</translation>
    </message>
    <message>
        <source>&amp;Import from draw.io…</source>
        <translation>&amp;Importer depuis draw.io…</translation>
    </message>
    <message>
        <source>Apply a diagram edited in draw.io (undoable)</source>
        <translation>Appliquer un diagramme modifié dans draw.io (annulable)</translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation>&amp;Recharger depuis le disque</translation>
    </message>
    <message>
        <source>Discard unsaved changes and read the files again</source>
        <translation>Abandonner les modifications non enregistrées et relire les fichiers</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>Close every window of the studio and end it</source>
        <translation>Fermer toutes les fenêtres du studio et le quitter</translation>
    </message>
    <message>
        <source>&amp;Instructions Beside the Graph</source>
        <translation>&amp;Instructions à côté du graphe</translation>
    </message>
    <message>
        <source>Show or hide the selected step&apos;s instructions beside the graph</source>
        <translation>Afficher ou masquer les instructions de l&apos;étape sélectionnée à côté du graphe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>Every command with keys, and the graph&apos;s gestures</source>
        <translation>Toutes les commandes avec leurs touches, et les gestes du graphe</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>&amp;Documentation</translation>
    </message>
    <message>
        <source>Prompter&apos;s manual, offline</source>
        <translation>Le manuel de Prompter, hors ligne</translation>
    </message>
    <message>
        <source>&amp;Where Files Are Kept…</source>
        <translation>&amp;Où sont les fichiers…</translation>
    </message>
    <message>
        <source>The folders of logs, settings and the scenario</source>
        <translation>Les dossiers des journaux, des réglages et du scénario</translation>
    </message>
    <message>
        <source>&amp;About Prompter Studio</source>
        <translation>À &amp;propos de Prompter Studio</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Panes</source>
        <translation>&amp;Panneaux</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Paramètres</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principale</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instructions</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;ouvert&gt;</translation>
    </message>
    <message>
        <source>&amp;Undo {edit}</source>
        <translation>&amp;Annuler : {edit}</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo {edit}</source>
        <translation>&amp;Rétablir : {edit}</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <source>Undo {edit}</source>
        <translation>Annuler : {edit}</translation>
    </message>
    <message>
        <source>Redo {edit}</source>
        <translation>Rétablir : {edit}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>About Prompter Studio</source>
        <translation>À propos de Prompter Studio</translation>
    </message>
</context>
<context>
    <name>MarkdownHighlighter</name>
    <message>
        <source>not a declared variable</source>
        <translation>pas une variable déclarée</translation>
    </message>
</context>
<context>
    <name>MatrixDialog</name>
    <message>
        <source>Model matrix</source>
        <translation>Matrice de modèles</translation>
    </message>
    <message>
        <source>Run the scenario&apos;s tests on every model and variant ticked, repeated, and see which keeps the script — with intervals and paired tests.</source>
        <translation>Exécuter les tests du scénario sur chaque modèle et chaque variante cochés, plusieurs fois, et voir lequel tient le script — avec intervalles et tests appariés.</translation>
    </message>
    <message>
        <source>Another model: provider:model[@base_url]</source>
        <translation>Un autre modèle : provider:model[@base_url]</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>As in the editor</source>
        <translation>Tel que dans l’éditeur</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>Variantes</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>Tests</translation>
    </message>
    <message>
        <source>Personas</source>
        <translation>Personas</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Répétitions</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>Exécutions simultanées</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Tick at least one model, one variant, and a test or a persona.</source>
        <translation>Cochez au moins un modèle, une variante, et un test ou une persona.</translation>
    </message>
</context>
<context>
    <name>MatrixWindow</name>
    <message>
        <source>Model matrix — {name}</source>
        <translation>Matrice de modèles — {name}</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Cellule</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Réussis</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>Intervalle à 95 %</translation>
    </message>
    <message>
        <source>pass^k</source>
        <translation>pass^k</translation>
    </message>
    <message>
        <source>Calls per message</source>
        <translation>Appels par message</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Click a step to list the runs that broke there.</source>
        <translation>Cliquez sur une étape pour lister les exécutions qui y ont rompu le contrat.</translation>
    </message>
    <message>
        <source>Stopping: what finished is kept…</source>
        <translation>Arrêt : ce qui est terminé est conservé…</translation>
    </message>
    <message>
        <source>{done} of {total} runs, {failed} failed</source>
        <translation>{done} exécutions sur {total}, {failed} en échec</translation>
    </message>
    <message>
        <source>The matrix could not run: {reason}</source>
        <translation>La matrice n’a pas pu s’exécuter : {reason}</translation>
    </message>
    <message>
        <source>Done: {runs} runs in {cells} cells; written to {folder}</source>
        <translation>Terminé : {runs} exécutions dans {cells} cellules ; écrit dans {folder}</translation>
    </message>
    <message>
        <source>no cost (fake model)</source>
        <translation>aucun coût (modèle factice)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>{better} beats {worse} on {test} (Holm p = {p})</source>
        <translation>{better} bat {worse} sur {test} (p de Holm = {p})</translation>
    </message>
    <message>
        <source>all tests</source>
        <translation>tous les tests</translation>
    </message>
    <message>
        <source>No significant difference between the cells.</source>
        <translation>Aucune différence significative entre les cellules.</translation>
    </message>
    <message>
        <source>{violations} violations in {calls} calls (95%: {lo}–{hi})</source>
        <translation>{violations} violations en {calls} appels (95 % : {lo}–{hi})</translation>
    </message>
    <message>
        <source>Violation rate</source>
        <translation>Taux de violations</translation>
    </message>
    <message>
        <source>no call</source>
        <translation>aucun appel</translation>
    </message>
    <message>
        <source>{count} runs broke or failed in {step}</source>
        <translation>{count} exécutions ont rompu le contrat ou échoué dans {step}</translation>
    </message>
    <message>
        <source>{name}, repeat {repeat}: {violations} violations{failed}</source>
        <translation>{name}, répétition {repeat} : {violations} violations{failed}</translation>
    </message>
    <message>
        <source>, failed</source>
        <translation>, en échec</translation>
    </message>
</context>
<context>
    <name>MessageTextEdit</name>
    <message>
        <source>the text a message step sends; {{variables}} are filled in</source>
        <translation>le texte qu’envoie une étape de message&#x202f;; les {{variables}} sont remplies</translation>
    </message>
</context>
<context>
    <name>MeterLabel</name>
    <message>
        <source>{calls} calls · {per_message} per message · {input} in ({cached} cached) · {output} out · {cost}</source>
        <translation>{calls} appels · {per_message} par message · {input} en entrée ({cached} en cache) · {output} en sortie · {cost}</translation>
    </message>
    <message>
        <source>User messages: {messages}
Model calls: {calls}
Corrections: {corrections}
Input tokens: {input}
Cached input tokens: {cached}
Output tokens: {output}
Cost: {cost}</source>
        <translation>Messages de l’utilisateur&#xa0;: {messages}
Appels au modèle&#xa0;: {calls}
Corrections&#xa0;: {corrections}
Jetons en entrée&#xa0;: {input}
Jetons en entrée en cache&#xa0;: {cached}
Jetons en sortie&#xa0;: {output}
Coût&#xa0;: {cost}</translation>
    </message>
</context>
<context>
    <name>NewScenarioDialog</name>
    <message>
        <source>New scenario</source>
        <translation>Nouveau scénario</translation>
    </message>
    <message>
        <source>Blank — one step</source>
        <translation>Vide — une étape</translation>
    </message>
    <message>
        <source>Greeting → goodbye, with a variable</source>
        <translation>Accueil → au revoir, avec une variable</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Modèle&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Create in:</source>
        <translation>&amp;Créer dans&#xa0;:</translation>
    </message>
    <message>
        <source>A scenario&apos;s name may hold only ASCII letters (a–z, A–Z), digits (0–9) and _, and does not start with a digit.</source>
        <translation>Le nom d&apos;un scénario ne peut contenir que des lettres ASCII (a–z, A–Z), des chiffres (0–9) et _, et ne commence pas par un chiffre.</translation>
    </message>
    <message>
        <source>Create the scenario in</source>
        <translation>Créer le scénario dans</translation>
    </message>
    <message>
        <source>Use “{suggestion}”</source>
        <translation>Utiliser « {suggestion} »</translation>
    </message>
    <message>
        <source>{folder} exists and is not empty.</source>
        <translation>{folder} existe et n&apos;est pas vide.</translation>
    </message>
    <message>
        <source>The scenario needs a name.</source>
        <translation>Le scénario a besoin d&apos;un nom.</translation>
    </message>
    <message>
        <source>“{name}” holds {characters}, which a name cannot hold.</source>
        <translation>« {name} » contient {characters}, qu&apos;un nom ne peut pas contenir.</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit.</source>
        <translation>« {name} » commence par un chiffre.</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>no conversation reached it</source>
        <translation>aucune conversation ne l’a atteinte</translation>
    </message>
    <message>
        <source>taken {count}×</source>
        <translation>prise {count}×</translation>
    </message>
    <message>
        <source>arrow width: how often taken (up to {count}×)</source>
        <translation>largeur des flèches&#xa0;: fréquence de passage (jusqu’à {count}×)</translation>
    </message>
    <message>
        <source>never taken</source>
        <translation>jamais prise</translation>
    </message>
</context>
<context>
    <name>OverviewMap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>Vue d’ensemble : cliquez ou faites glisser pour déplacer la vue</translation>
    </message>
</context>
<context>
    <name>PaneToggle</name>
    <message>
        <source>Toggle Log Pane</source>
        <translation>Afficher/masquer le panneau Journal</translation>
    </message>
    <message>
        <source>Show or hide the log pane (Ctrl+J)</source>
        <translation>Afficher ou masquer le panneau du journal (Ctrl+J)</translation>
    </message>
    <message>
        <source>Log · {count} events</source>
        <translation>Journal · {count} événements</translation>
    </message>
</context>
<context>
    <name>PartsModel</name>
    <message>
        <source>{count} message(s)</source>
        <translation>{count} message(s)</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>tour {turn}</translation>
    </message>
    <message>
        <source>rejected reply</source>
        <translation>réponse rejetée</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>≈ Tokens</source>
        <translation>≈ Jetons</translation>
    </message>
    <message>
        <source>Cached</source>
        <translation>En cache</translation>
    </message>
    <message>
        <source>vs previous call</source>
        <translation>vs appel précédent</translation>
    </message>
    <message>
        <source>all</source>
        <translation>tout</translation>
    </message>
    <message>
        <source>{cached} of its ≈{tokens} tokens were billed as cached input</source>
        <translation>{cached} de ses ≈{tokens} jetons ont été facturés comme entrée en cache</translation>
    </message>
</context>
<context>
    <name>PersonaList</name>
    <message>
        <source>{file} — does not parse</source>
        <translation>{file} — illisible</translation>
    </message>
</context>
<context>
    <name>PersonaPreview</name>
    <message>
        <source>{file} does not parse</source>
        <translation>{file} est illisible</translation>
    </message>
    <message>
        <source>Fix the file (or leave it out) to run it: a simulation with a persona that does not parse does not start.</source>
        <translation>Corrigez le fichier (ou laissez-le de côté) pour lancer la simulation&#xa0;: une simulation avec un persona illisible ne démarre pas.</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Objectif</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>Comportement</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Never tells</source>
        <translation>Ne dit jamais</translation>
    </message>
    <message>
        <source>never (withheld)</source>
        <translation>jamais (caché)</translation>
    </message>
    <message>
        <source>never (a pattern)</source>
        <translation>jamais (un motif)</translation>
    </message>
    <message>
        <source>when asked</source>
        <translation>si on le demande</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fait</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Told</source>
        <translation>Dit</translation>
    </message>
    <message>
        <source>against what the bot records</source>
        <translation>par rapport à ce que le bot enregistre</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Vérifié</translation>
    </message>
    <message>
        <source>&lt;b&gt;Facts&lt;/b&gt; — what the user knows; the report checks those named like a variable or a result against what the bot records</source>
        <translation>&lt;b&gt;Faits&lt;/b&gt; — ce que l’utilisateur sait&#x202f;; le rapport compare ceux qui portent le nom d’une variable ou d’un résultat à ce que le bot enregistre</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>Personnage</translation>
    </message>
</context>
<context>
    <name>PlacesDialog</name>
    <message>
        <source>Where files are kept — Prompter Studio</source>
        <translation>Où sont les fichiers — Prompter Studio</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>Ouvrir le dossier</translation>
    </message>
</context>
<context>
    <name>PrefixBar</name>
    <message>
        <source>Cache write (amber): {written} tokens, kept {ttl}</source>
        <translation>Écriture en cache (ambre)&#xa0;: {written} jetons, gardés {ttl}</translation>
    </message>
    <message>
        <source>cache write: {tokens} tokens ({ttl})</source>
        <translation>écriture en cache&#xa0;: {tokens} jetons ({ttl})</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1&#xa0;heure</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5&#xa0;minutes</translation>
    </message>
    <message>
        <source>5 minutes and 1 hour</source>
        <translation>5&#xa0;minutes et 1&#xa0;heure</translation>
    </message>
    <message>
        <source>{part}: ≈{tokens} tokens</source>
        <translation>{part}&#xa0;: ≈{tokens} jetons</translation>
    </message>
    <message>
        <source>Cached (green): {cached} of {billed} billed input tokens</source>
        <translation>En cache (vert)&#xa0;: {cached} des {billed} jetons d’entrée facturés</translation>
    </message>
    <message>
        <source>Red line: the prompt differs from the previous call&apos;s from {where}</source>
        <translation>Ligne rouge&#xa0;: le prompt diffère de celui de l’appel précédent à partir de {where}</translation>
    </message>
    <message>
        <source>cached prefix: {tokens} tokens ({share})</source>
        <translation>préfixe en cache&#xa0;: {tokens} jetons ({share})</translation>
    </message>
    <message>
        <source>the previous call&apos;s prompt ends here: the rest is new</source>
        <translation>le prompt de l’appel précédent s’arrête ici&#xa0;: la suite est nouvelle</translation>
    </message>
    <message>
        <source>differs from the previous call here: {where}</source>
        <translation>diffère de l’appel précédent ici&#xa0;: {where}</translation>
    </message>
</context>
<context>
    <name>ProblemJumps</name>
    <message>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <source>The graph shows the last version that loaded.</source>
        <translation>Le graphe montre la dernière version qui s&apos;est chargée.</translation>
    </message>
    <message>
        <source> — line {line}: {message}</source>
        <translation> — ligne {line} : {message}</translation>
    </message>
    <message numerus="yes">
        <source>⚠ scenario.yaml does not load (%n error(s))</source>
        <translation>
            <numerusform>⚠ scenario.yaml ne se charge pas (%n erreur)</numerusform>
            <numerusform>⚠ scenario.yaml ne se charge pas (%n erreurs)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show scenario.yaml</source>
        <translation>Afficher scenario.yaml</translation>
    </message>
    <message>
        <source>Problems — {summary}</source>
        <translation>Problèmes — {summary}</translation>
    </message>
</context>
<context>
    <name>ProblemsPane</name>
    <message>
        <source>Problem</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Où</translation>
    </message>
    <message>
        <source>✓  No problems found.</source>
        <translation>✓  Aucun problème trouvé.</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 erreur</translation>
    </message>
    <message>
        <source>{count} errors</source>
        <translation>{count} erreurs</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 avertissement</translation>
    </message>
    <message>
        <source>{count} warnings</source>
        <translation>{count} avertissements</translation>
    </message>
</context>
<context>
    <name>ProgressStrip</name>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>%v of {planned}</source>
        <translation>%v sur {planned}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop the run: conversations that ended keep their logs and the report covers them</source>
        <translation>Arrêter la simulation&#xa0;: les conversations terminées gardent leur journal et le rapport les couvre</translation>
    </message>
    <message>
        <source>{count} running</source>
        <translation>{count} en cours</translation>
    </message>
    <message>
        <source>{calls} calls (bot {bot}, user {user})</source>
        <translation>{calls} appels (bot {bot}, utilisateur {user})</translation>
    </message>
    <message>
        <source>{rate} requests/min</source>
        <translation>{rate} requêtes/min</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopping…&lt;/b&gt; waiting for the running conversations to end</source>
        <translation>&lt;b&gt;Arrêt…&lt;/b&gt; en attendant la fin des conversations en cours</translation>
    </message>
    <message>
        <source>about {time} left</source>
        <translation>encore {time} environ</translation>
    </message>
    <message>
        <source>{time} so far</source>
        <translation>{time} jusqu’ici</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped&lt;/b&gt; ({why}): the report covers the {count} conversation(s) that ended</source>
        <translation>&lt;b&gt;Arrêtée&lt;/b&gt; ({why})&#xa0;: le rapport couvre les {count} conversation(s) terminée(s)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Done&lt;/b&gt;: {count} conversation(s) in {time}</source>
        <translation>&lt;b&gt;Terminé&lt;/b&gt;&#xa0;: {count} conversation(s) en {time}</translation>
    </message>
    <message>
        <source>The simulation could not run:</source>
        <translation>La simulation n’a pas pu s’exécuter&#xa0;:</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>First turn</source>
        <translation>Premier tour</translation>
    </message>
    <message>
        <source>Previous turn (Alt+Left)</source>
        <translation>Tour précédent (Alt+Gauche)</translation>
    </message>
    <message>
        <source>Next turn (Alt+Right)</source>
        <translation>Tour suivant (Alt+Droite)</translation>
    </message>
    <message>
        <source>Leave replay: show the whole conversation</source>
        <translation>Quitter la relecture&#xa0;: afficher toute la conversation</translation>
    </message>
    <message>
        <source>Continue live from the end of this turn with the current scenario</source>
        <translation>Continuer en direct à partir de la fin de ce tour avec le scénario actuel</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Tout afficher</translation>
    </message>
    <message>
        <source>Fork from this turn…</source>
        <translation>Dériver depuis ce tour…</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Relecture</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>étape {step}</translation>
    </message>
    <message>
        <source>All {count} turn(s)</source>
        <translation>Les {count} tour(s)</translation>
    </message>
    <message>
        <source>Turn {turn} of {count}</source>
        <translation>Tour {turn} sur {count}</translation>
    </message>
</context>
<context>
    <name>RequestInspector</name>
    <message>
        <source>{written} written to the cache for 5 minutes</source>
        <translation>{written} écrits en cache pour 5&#xa0;minutes</translation>
    </message>
    <message>
        <source>{written} written to the cache ({hour} of them for 1 hour)</source>
        <translation>{written} écrits en cache (dont {hour} pour 1&#xa0;heure)</translation>
    </message>
    <message>
        <source>No reply was logged for this call (it failed, or is still running): no usage.</source>
        <translation>Aucune réponse n’a été journalisée pour cet appel (il a échoué, ou est encore en cours)&#xa0;: pas de consommation.</translation>
    </message>
    <message>
        <source>no model made this reply (a reply script, or the key-free model)</source>
        <translation>aucun modèle n’a produit cette réponse (un script de réponses, ou le modèle sans clé)</translation>
    </message>
    <message>
        <source>{model}: ${input} in, ${cached} cached, ${output} out per 1M tokens</source>
        <translation>{model}&#xa0;: ${input} en entrée, ${cached} en cache, ${output} en sortie par million de jetons</translation>
    </message>
    <message>
        <source>{model} is not in the price table</source>
        <translation>{model} n’est pas dans la table des prix</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>le modèle</translation>
    </message>
    <message>
        <source>&lt;b&gt;Billed:&lt;/b&gt; {input} input tokens, {cached} of them cached ({share}) · {output} output tokens · &lt;b&gt;{cost}&lt;/b&gt;</source>
        <translation>&lt;b&gt;Facturé&#xa0;:&lt;/b&gt; {input} jetons en entrée, dont {cached} en cache ({share}) · {output} jetons en sortie · &lt;b&gt;{cost}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The parts add up to ≈{tokens} tokens (estimated with the model&apos;s tokenizer).</source>
        <translation>Les parties totalisent ≈{tokens} jetons (estimés avec le tokeniseur du modèle).</translation>
    </message>
    <message>
        <source>The parts add up to ≈{tokens} tokens; the API billed {billed} ({error}). Estimates use the model&apos;s tokenizer and count each part&apos;s framing.</source>
        <translation>Les parties totalisent ≈{tokens} jetons&#x202f;; l’API en a facturé {billed} ({error}). Les estimations utilisent le tokeniseur du modèle et comptent l’encadrement de chaque partie.</translation>
    </message>
    <message>
        <source>starts a new chain</source>
        <translation>commence une nouvelle chaîne</translation>
    </message>
    <message>
        <source>continues {chain}</source>
        <translation>continue {chain}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model call&lt;/b&gt; · turn {turn} · step &lt;b&gt;{step}&lt;/b&gt; · purpose {purpose}, attempt {attempt} · {model} · {provider} · layout {layout} · {chained} · seq {seq}</source>
        <translation>&lt;b&gt;Appel au modèle&lt;/b&gt; · tour {turn} · étape &lt;b&gt;{step}&lt;/b&gt; · but {purpose}, tentative {attempt} · {model} · {provider} · disposition {layout} · {chained} · n° {seq}</translation>
    </message>
    <message>
        <source>Layout: {reason}</source>
        <translation>Disposition : {reason}</translation>
    </message>
    <message>
        <source>The first call of this conversation: nothing to compare with.</source>
        <translation>Le premier appel de cette conversation&#xa0;: rien à comparer.</translation>
    </message>
    <message>
        <source>same</source>
        <translation>identique</translation>
    </message>
    <message>
        <source>&lt;b&gt;changed&lt;/b&gt;</source>
        <translation>&lt;b&gt;modifié&lt;/b&gt;</translation>
    </message>
    <message>
        <source>grew</source>
        <translation>agrandi</translation>
    </message>
    <message>
        <source>&lt;b&gt;restarted&lt;/b&gt;</source>
        <translation>&lt;b&gt;recommencé&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;new&lt;/b&gt;</source>
        <translation>&lt;b&gt;nouveau&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;gone&lt;/b&gt;</source>
        <translation>&lt;b&gt;disparu&lt;/b&gt;</translation>
    </message>
    <message>
        <source>schema</source>
        <translation>schéma</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>instructions</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>conversation</translation>
    </message>
    <message>
        <source>&lt;b&gt;Since the previous call&lt;/b&gt; (turn {turn}, seq {seq}): {changes}. The prompts part at {where}, after ≈{common} tokens: the cache could reuse ≈{cache} of them (whole 128-token blocks, from {minimum}).</source>
        <translation>&lt;b&gt;Depuis l’appel précédent&lt;/b&gt; (tour {turn}, n° {seq})&#xa0;: {changes}. Les prompts divergent à {where}, après ≈{common} jetons&#xa0;: le cache pouvait en réutiliser ≈{cache} (par blocs entiers de 128 jetons, à partir de {minimum}).</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>Différences</translation>
    </message>
    <message>
        <source>Show the selected part&apos;s changes since the previous call</source>
        <translation>Afficher les changements de la partie sélectionnée depuis l’appel précédent</translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation>Copier JSON</translation>
    </message>
    <message>
        <source>The request body as the provider sent it</source>
        <translation>Le corps de la requête tel que le fournisseur l’a envoyé</translation>
    </message>
    <message>
        <source>Copy JSON, chain inlined</source>
        <translation>Copier JSON, chaîne incluse</translation>
    </message>
    <message>
        <source>The same request with the carried conversation written out as messages instead of previous_response_id</source>
        <translation>La même requête, avec la conversation transportée écrite en messages au lieu de previous_response_id</translation>
    </message>
    <message>
        <source>Copy replay command</source>
        <translation>Copier la commande de rejeu</translation>
    </message>
    <message>
        <source>A curl command that sends the request again; it reads the key from $OPENAI_API_KEY when it runs</source>
        <translation>Une commande curl qui renvoie la requête&#x202f;; elle lit la clé dans $OPENAI_API_KEY quand elle s’exécute</translation>
    </message>
    <message>
        <source>Select a model request or reply to see what the model read and what it cost.</source>
        <translation>Sélectionnez une requête ou une réponse du modèle pour voir ce que le modèle a lu et ce que cela a coûté.</translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation>(aucun changement)</translation>
    </message>
    <message>
        <source>Request copied as JSON</source>
        <translation>Requête copiée en JSON</translation>
    </message>
    <message>
        <source>Request copied as JSON, with the chain inlined</source>
        <translation>Requête copiée en JSON, chaîne incluse</translation>
    </message>
    <message>
        <source>Replay command copied (it reads $OPENAI_API_KEY)</source>
        <translation>Commande de rejeu copiée (elle lit $OPENAI_API_KEY)</translation>
    </message>
</context>
<context>
    <name>RequestInspectorWindow</name>
    <message>
        <source>Model call — Prompter</source>
        <translation>Appel au modèle — Prompter</translation>
    </message>
    <message>
        <source>Model call · turn {turn} · {step} · seq {seq} — Prompter</source>
        <translation>Appel au modèle · tour {turn} · {step} · n° {seq} — Prompter</translation>
    </message>
</context>
<context>
    <name>SaveTestDialog</name>
    <message>
        <source>A conversation from the test chat</source>
        <translation>Une conversation de la conversation de test</translation>
    </message>
    <message>
        <source>1 message</source>
        <translation>1 message</translation>
    </message>
    <message>
        <source>{count} messages</source>
        <translation>{count} messages</translation>
    </message>
    <message>
        <source>From {start} to {end} ({messages})</source>
        <translation>De {start} à {end} ({messages})</translation>
    </message>
    <message>
        <source>In {step} ({messages})</source>
        <translation>Dans {step} ({messages})</translation>
    </message>
    <message>
        <source>A conversation ({messages})</source>
        <translation>Une conversation ({messages})</translation>
    </message>
    <message>
        <source>the opening</source>
        <translation>l’ouverture</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>tour {turn}</translation>
    </message>
    <message>
        <source>{where}, model call {number}</source>
        <translation>{where}, appel au modèle {number}</translation>
    </message>
    <message>
        <source>the number of model calls</source>
        <translation>le nombre d’appels au modèle</translation>
    </message>
    <message>
        <source>Save chat as test</source>
        <translation>Enregistrer la conversation comme test</translation>
    </message>
    <message>
        <source>Test name:</source>
        <translation>Nom du test&#xa0;:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Fichier&#xa0;:</translation>
    </message>
    <message>
        <source>The expectations are what happened in the chat — the step after each message, the signal taken, the variables it changed. Loosen or remove what should not matter; the file can be edited in the Tests pane.</source>
        <translation>Les attentes sont ce qui s’est passé dans la conversation — l’étape après chaque message, le signal pris, les variables modifiées. Assouplissez ou retirez ce qui ne doit pas compter&#x202f;; le fichier peut être modifié dans le panneau Tests.</translation>
    </message>
    <message>
        <source>the test needs a name</source>
        <translation>le test a besoin d’un nom</translation>
    </message>
    <message>
        <source>Adds &lt;code&gt;{test}&lt;/code&gt; and its recording &lt;code&gt;{recording}&lt;/code&gt; ({count} model replies) to the scenario: &lt;b&gt;File ▸ Save&lt;/b&gt; writes them, &lt;b&gt;Undo&lt;/b&gt; takes them back.</source>
        <translation>Ajoute &lt;code&gt;{test}&lt;/code&gt; et son enregistrement &lt;code&gt;{recording}&lt;/code&gt; ({count} réponses du modèle) au scénario&#xa0;: &lt;b&gt;Fichier ▸ Enregistrer&lt;/b&gt; les écrit, &lt;b&gt;Annuler&lt;/b&gt; les retire.</translation>
    </message>
    <message>
        <source>the file needs a name</source>
        <translation>le fichier a besoin d’un nom</translation>
    </message>
    <message>
        <source>use only ASCII letters (a–z, A–Z), digits (0–9), &apos;_&apos; and &apos;-&apos; in the file name, starting with a letter or a digit</source>
        <translation>n&apos;utilisez dans le nom du fichier que des lettres ASCII (a–z, A–Z), des chiffres (0–9), « _ » et « - », en commençant par une lettre ou un chiffre</translation>
    </message>
    <message>
        <source>{file} exists already: choose another name</source>
        <translation>{file} existe déjà&#xa0;: choisissez un autre nom</translation>
    </message>
</context>
<context>
    <name>SaveTestJob</name>
    <message>
        <source>the scenario has no folder to save the test in</source>
        <translation>le scénario n’a pas de dossier où enregistrer le test</translation>
    </message>
</context>
<context>
    <name>ScenarioEditor</name>
    <message>
        <source>&amp;Add Step</source>
        <translation>&amp;Ajouter une étape</translation>
    </message>
    <message>
        <source>Add a step in free space beside the selected step</source>
        <translation>Ajouter une étape dans un espace libre à côté de l&apos;étape sélectionnée</translation>
    </message>
    <message>
        <source>Re&amp;name Step…</source>
        <translation>Re&amp;nommer l&apos;étape…</translation>
    </message>
    <message>
        <source>Rename the selected step everywhere</source>
        <translation>Renommer l&apos;étape sélectionnée partout</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Delete the selected steps (with their transitions) or transitions</source>
        <translation>Supprimer les étapes sélectionnées (avec leurs transitions) ou les transitions</translation>
    </message>
    <message>
        <source>Edit &amp;Title</source>
        <translation>Modifier le t&amp;itre</translation>
    </message>
    <message>
        <source>Edit the selected step&apos;s title on the canvas</source>
        <translation>Modifier le titre de l’étape sélectionnée sur le graphe</translation>
    </message>
    <message>
        <source>Zoom to Se&amp;lection</source>
        <translation>Zoomer sur la sé&amp;lection</translation>
    </message>
    <message>
        <source>Fit the selected steps in the view</source>
        <translation>Ajuster la vue aux étapes sélectionnées</translation>
    </message>
    <message>
        <source>Select &amp;All Steps</source>
        <translation>Sélectionner &amp;toutes les étapes</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Rechercher…</translation>
    </message>
    <message>
        <source>Find steps by id, title or instruction text</source>
        <translation>Rechercher des étapes par identifiant, titre ou texte des instructions</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>&amp;Ajuster à la fenêtre</translation>
    </message>
    <message>
        <source>Show the whole graph</source>
        <translation>Afficher tout le graphe</translation>
    </message>
    <message>
        <source>Actual &amp;Size</source>
        <translation>&amp;Taille réelle</translation>
    </message>
    <message>
        <source>Auto-&amp;Layout</source>
        <translation>&amp;Disposition automatique</translation>
    </message>
    <message>
        <source>Arrange the steps in layers from the start step</source>
        <translation>Disposer les étapes en couches à partir de l&apos;étape de départ</translation>
    </message>
    <message>
        <source>No scenario is open.

File ▸ New… creates one from a template; File ▸ Open… opens a scenario folder.</source>
        <translation>Aucun scénario n&apos;est ouvert.

Fichier ▸ Nouveau… en crée un à partir d&apos;un modèle ; Fichier ▸ Ouvrir… ouvre le dossier d&apos;un scénario.</translation>
    </message>
    <message>
        <source>{edit} was refused; nothing was changed.

{reason}</source>
        <translation>«&#xa0;{edit}&#xa0;» a été refusé&#x202f;; rien n’a été modifié.

{reason}</translation>
    </message>
    <message>
        <source>Add step</source>
        <translation>Ajouter une étape</translation>
    </message>
    <message>
        <source>Step id ({rule}):</source>
        <translation>Identifiant de l’étape ({rule})&#xa0;:</translation>
    </message>
    <message>
        <source>Connect steps</source>
        <translation>Relier des étapes</translation>
    </message>
    <message>
        <source>Signal from “{source}” to “{target}”:</source>
        <translation>Signal de «&#xa0;{source}&#xa0;» vers «&#xa0;{target}&#xa0;»&#xa0;:</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Relier</translation>
    </message>
    <message>
        <source>Rename step</source>
        <translation>Renommer l’étape</translation>
    </message>
    <message>
        <source>New id for “{step}” ({rule}):</source>
        <translation>Nouvel identifiant pour «&#xa0;{step}&#xa0;» ({rule})&#xa0;:</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <source>Delete selection</source>
        <translation>Supprimer la sélection</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Retitle &apos;{step}&apos;</source>
        <translation>Renommer le titre de « {step} »</translation>
    </message>
    <message>
        <source>Edit the text of &apos;{step}&apos;</source>
        <translation>Modifier le texte de « {step} »</translation>
    </message>
    <message>
        <source>Change kind</source>
        <translation>Changer de type</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>Annulé : {edit}</translation>
    </message>
    <message>
        <source>Move &apos;{step}&apos;</source>
        <translation>Déplacer «&#xa0;{step}&#xa0;»</translation>
    </message>
    <message>
        <source>Move {count} steps</source>
        <translation>Déplacer {count} étapes</translation>
    </message>
</context>
<context>
    <name>ScenarioPane</name>
    <message>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>Persona</translation>
    </message>
    <message>
        <source>shown to the model as the conversation</source>
        <translation>présenté au modèle comme la conversation</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Start step</source>
        <translation>Étape de départ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Persona file</source>
        <translation>Fichier de persona</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Add variable &apos;{name}&apos;</source>
        <translation>Ajouter la variable «&#xa0;{name}&#xa0;»</translation>
    </message>
</context>
<context>
    <name>ScriptWarning</name>
    <message>
        <source>Characters no font can draw</source>
        <translation>Caractères qu&apos;aucune police ne sait dessiner</translation>
    </message>
    <message>
        <source>This scenario uses characters that no font of this computer can draw: {scripts}. They are shown as empty boxes; install a font that covers them.</source>
        <translation>Ce scénario utilise des caractères qu&apos;aucune police de cet ordinateur ne sait dessiner : {scripts}. Ils s&apos;affichent comme des cases vides ; installez une police qui les couvre.</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>The server address must start with http:// or https://</source>
        <translation>L’adresse du serveur doit commencer par http:// ou https://</translation>
    </message>
    <message>
        <source>A conversation id is letters, digits, - and _ (the server&apos;s id)</source>
        <translation>Un identifiant de conversation se compose de lettres, de chiffres, de - et de _ (celui du serveur)</translation>
    </message>
    <message>
        <source>The server could not be reached: {reason}</source>
        <translation>Le serveur est injoignable&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>The log is larger than 512 MB; download it with another tool</source>
        <translation>Le journal dépasse 512 Mo&#x202f;; téléchargez-le avec un autre outil</translation>
    </message>
    <message>
        <source>The server wants an API token (or another one)</source>
        <translation>Le serveur demande un jeton d’API (ou un autre)</translation>
    </message>
    <message>
        <source>The server has no such conversation</source>
        <translation>Le serveur n’a pas cette conversation</translation>
    </message>
    <message>
        <source>The server answered {status}</source>
        <translation>Le serveur a répondu {status}</translation>
    </message>
    <message>
        <source>Open Log from Server</source>
        <translation>Ouvrir le journal d’un serveur</translation>
    </message>
    <message>
        <source>the id the server gave the conversation</source>
        <translation>l’identifiant que le serveur a donné à la conversation</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>seulement si le serveur en demande un</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>API token</source>
        <translation>Jeton d’API</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>Téléchargement…</translation>
    </message>
    <message>
        <source>The server sent an empty log</source>
        <translation>Le serveur a envoyé un journal vide</translation>
    </message>
    <message>
        <source>The log could not be saved: {error}</source>
        <translation>Le journal n’a pas pu être enregistré&#xa0;: {error}</translation>
    </message>
</context>
<context>
    <name>SettingsAndLog</name>
    <message>
        <source>Log: {link}</source>
        <translation>Journal&#xa0;: {link}</translation>
    </message>
    <message>
        <source>Click to open the folder; every test conversation is logged there (JSON Lines).</source>
        <translation>Cliquez pour ouvrir le dossier&#x202f;; chaque conversation de test y est journalisée (JSON Lines).</translation>
    </message>
    <message>
        <source>Restart the conversation?</source>
        <translation>Redémarrer la conversation&#x202f;?</translation>
    </message>
    <message>
        <source>The new settings apply to a new conversation. Restart now (this conversation ends; its log is kept), or keep chatting and restart later?</source>
        <translation>Les nouveaux paramètres s’appliquent à une nouvelle conversation. Redémarrer maintenant (cette conversation se termine&#x202f;; son journal est conservé), ou continuer et redémarrer plus tard&#x202f;?</translation>
    </message>
    <message>
        <source>The settings changed since this conversation started. Restart to use them.</source>
        <translation>Les paramètres ont changé depuis le début de cette conversation. Redémarrez pour les utiliser.</translation>
    </message>
    <message>
        <source>How actions run changed. Restart to run them that way.</source>
        <translation>La façon d’exécuter les actions a changé. Redémarrez pour l’appliquer.</translation>
    </message>
    <message>
        <source>Create a reply script</source>
        <translation>Créer un script de réponses</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot write the reply script:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;Impossible d’écrire le script de réponses :&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Save the conversation log</source>
        <translation>Enregistrer le journal de la conversation</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot save the log:&lt;/b&gt; {error}</source>
        <translation>&lt;b&gt;Impossible d’enregistrer le journal&#xa0;:&lt;/b&gt; {error}</translation>
    </message>
    <message>
        <source>Conversation logs (*.jsonl);;All files (*)</source>
        <translation>Journaux de conversation (*.jsonl);;Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts — Prompter Studio</source>
        <translation>Raccourcis clavier — Prompter Studio</translation>
    </message>
    <message>
        <source>Graph and text</source>
        <translation>Graphe et texte</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
</context>
<context>
    <name>SimulateDialog</name>
    <message>
        <source>Simulate</source>
        <translation>Simuler</translation>
    </message>
    <message>
        <source>Simulated users play personas against &lt;b&gt;{scenario}&lt;/b&gt; as it is open in the editor (unsaved edits included), many conversations at once, and the report shows where the script breaks.</source>
        <translation>Des utilisateurs simulés jouent des personas face à &lt;b&gt;{scenario}&lt;/b&gt; tel qu’il est ouvert dans l’éditeur (modifications non enregistrées comprises), de nombreuses conversations à la fois, et le rapport montre où le script casse.</translation>
    </message>
    <message>
        <source>Run simulation</source>
        <translation>Lancer la simulation</translation>
    </message>
    <message>
        <source>Personas ({folder}/ in {scenario})</source>
        <translation>Personas ({folder}/ dans {scenario})</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Relire</translation>
    </message>
    <message>
        <source>Read the persona files again (after editing them)</source>
        <translation>Relire les fichiers de personas (après les avoir modifiés)</translation>
    </message>
    <message>
        <source>No personas yet. Write &lt;code&gt;{file}&lt;/code&gt; in the scenario&apos;s folder: who the user is, what they want, how they behave, and the facts they know (see docs/simulation.md).</source>
        <translation>Pas encore de personas. Écrivez &lt;code&gt;{file}&lt;/code&gt; dans le dossier du scénario&#xa0;: qui est l’utilisateur, ce qu’il veut, comment il se comporte et les faits qu’il connaît (voir docs/simulation.md).</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>Conversations each chosen persona plays</source>
        <translation>Conversations que joue chaque persona choisi</translation>
    </message>
    <message>
        <source>User messages after which a conversation that has not reached a final step counts as stuck</source>
        <translation>Messages de l’utilisateur au-delà desquels une conversation qui n’a pas atteint d’étape finale compte comme bloquée</translation>
    </message>
    <message>
        <source>Conversations run at the same time (the rate limits pace them)</source>
        <translation>Conversations menées en même temps (les limites de débit les cadencent)</translation>
    </message>
    <message>
        <source>Runs per persona</source>
        <translation>Exécutions par persona</translation>
    </message>
    <message>
        <source>Max turns (then: stuck)</source>
        <translation>Tours max. (ensuite&#xa0;: bloquée)</translation>
    </message>
    <message>
        <source>Conversations at once</source>
        <translation>Conversations simultanées</translation>
    </message>
    <message>
        <source>Models and rate limits</source>
        <translation>Modèles et limites de débit</translation>
    </message>
    <message>
        <source>The project&apos;s fake model: no key, no cost — it plays the script and the personas by rule, so it tries the simulation out but does not judge your instructions</source>
        <translation>Le modèle factice du projet&#xa0;: sans clé, sans coût — il joue le script et les personas selon des règles&#x202f;; il permet d’essayer la simulation mais ne juge pas vos instructions</translation>
    </message>
    <message>
        <source>The test chat&apos;s: {model} ({key})</source>
        <translation>Celui du chat de test&#xa0;: {model} ({key})</translation>
    </message>
    <message>
        <source>The test chat&apos;s: {model} (no API key)</source>
        <translation>Celui du chat de test&#xa0;: {model} (pas de clé d’API)</translation>
    </message>
    <message>
        <source>Or try it now with the fake model below.</source>
        <translation>Ou essayez dès maintenant avec le modèle factice ci-dessous.</translation>
    </message>
    <message>
        <source>the scenario&apos;s ({model})</source>
        <translation>celui du scénario ({model})</translation>
    </message>
    <message>
        <source>each persona&apos;s own, else the bot&apos;s</source>
        <translation>celui de chaque persona, sinon celui du bot</translation>
    </message>
    <message>
        <source>Override for this run</source>
        <translation>Remplacer pour cette simulation</translation>
    </message>
    <message>
        <source>requests/min</source>
        <translation>requêtes/min</translation>
    </message>
    <message>
        <source>tokens/min</source>
        <translation>jetons/min</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <source>Bot&apos;s model</source>
        <translation>Modèle du bot</translation>
    </message>
    <message>
        <source>Simulated user&apos;s</source>
        <translation>Celui de l’utilisateur simulé</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>Limites de débit</translation>
    </message>
    <message>
        <source>report.json, summary.txt and every conversation&apos;s log go here</source>
        <translation>report.json, summary.txt et le journal de chaque conversation vont ici</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Report and logs in</source>
        <translation>Rapport et journaux dans</translation>
    </message>
    <message>
        <source>Choose at least one persona.</source>
        <translation>Choisissez au moins un persona.</translation>
    </message>
    <message>
        <source>Choose a folder for the report and the logs.</source>
        <translation>Choisissez un dossier pour le rapport et les journaux.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} persona file(s) with errors; nothing was run.&lt;/b&gt; Fix them or leave them out:</source>
        <translation>&lt;b&gt;{count} fichier(s) de persona avec des erreurs&#x202f;; rien n’a été lancé.&lt;/b&gt; Corrigez-les ou laissez-les de côté&#xa0;:</translation>
    </message>
    <message>
        <source>= {total} conversation(s), {personas} persona(s) × {runs}</source>
        <translation>= {total} conversation(s), {personas} persona(s) × {runs}</translation>
    </message>
    <message>
        <source>{count} chosen persona file(s) do not parse (see the preview): fix them or leave them out, or nothing will run.</source>
        <translation>{count} fichier(s) de persona choisi(s) illisible(s) (voir l’aperçu)&#xa0;: corrigez-les ou laissez-les de côté, sinon rien ne sera lancé.</translation>
    </message>
    <message>
        <source>The fake model has no rate limit: the conversations are not paced.</source>
        <translation>Le modèle factice n&apos;a pas de limite de débit&#xa0;: les conversations ne sont pas cadencées.</translation>
    </message>
    <message>
        <source>These limits apply to every model of this run, each apart; 0 means no limit.</source>
        <translation>Ces limites s’appliquent à chaque modèle de cette simulation, séparément&#x202f;; 0 signifie sans limite.</translation>
    </message>
    <message>
        <source>Per model, from {file} (edit it for your organisation&apos;s limits): {limits}.</source>
        <translation>Par modèle, d’après {file} (modifiez-le selon les limites de votre organisation)&#xa0;: {limits}.</translation>
    </message>
    <message>
        <source>Per model, the defaults: {limits}.</source>
        <translation>Par modèle, les valeurs par défaut&#xa0;: {limits}.</translation>
    </message>
    <message>
        <source>{count} requests/min</source>
        <translation>{count} requêtes/min</translation>
    </message>
    <message>
        <source>no request limit</source>
        <translation>pas de limite de requêtes</translation>
    </message>
    <message>
        <source>{count} tokens/min</source>
        <translation>{count} jetons/min</translation>
    </message>
    <message>
        <source>no token limit</source>
        <translation>pas de limite de jetons</translation>
    </message>
    <message>
        <source>Folder for the report and the logs</source>
        <translation>Dossier du rapport et des journaux</translation>
    </message>
    <message>
        <source>The rate limits cannot be read: {error} — the simulation will not start until it is fixed, or override them here.</source>
        <translation>Impossible de lire les limites de débit&#xa0;: {error} — la simulation ne démarrera pas tant que ce n’est pas corrigé, ou remplacez-les ici.</translation>
    </message>
</context>
<context>
    <name>SimulationJob</name>
    <message>
        <source>the simulation failed</source>
        <translation>la simulation a échoué</translation>
    </message>
</context>
<context>
    <name>SimulationProgress</name>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
</context>
<context>
    <name>SimulationReport</name>
    <message>
        <source>finished</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>bloquée</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>abandonnée</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>en échec</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulée</translation>
    </message>
    <message>
        <source>{count} finished</source>
        <translation>{count} terminée(s)</translation>
    </message>
    <message>
        <source>{count} stuck</source>
        <translation>{count} bloquée(s)</translation>
    </message>
    <message>
        <source>{count} abandoned</source>
        <translation>{count} abandonnée(s)</translation>
    </message>
    <message>
        <source>{count} failed</source>
        <translation>{count} en échec</translation>
    </message>
    <message>
        <source>{count} cancelled</source>
        <translation>{count} annulée(s)</translation>
    </message>
    <message>
        <source>All personas</source>
        <translation>Tous les personas</translation>
    </message>
    <message>
        <source>{calls} call(s): {count} message(s)</source>
        <translation>{calls} appel(s)&#xa0;: {count} message(s)</translation>
    </message>
    <message>
        <source>calls per user message over {count} message(s)</source>
        <translation>appels par message de l’utilisateur sur {count} message(s)</translation>
    </message>
    <message>
        <source>cost per conversation over {count} conversation(s); mean {mean}</source>
        <translation>coût par conversation sur {count} conversation(s)&#x202f;; moyenne {mean}</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>Persona</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminées</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Bloquées</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>Abandonnées</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>En échec</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Appels</translation>
    </message>
    <message>
        <source>Calls / msg
mean</source>
        <translation>Appels / msg
moyenne</translation>
    </message>
    <message>
        <source>Calls / msg
p90</source>
        <translation>Appels / msg
p90</translation>
    </message>
    <message>
        <source>Calls / msg
max</source>
        <translation>Appels / msg
max.</translation>
    </message>
    <message>
        <source>Cost / conv.
median</source>
        <translation>Coût / conv.
médiane</translation>
    </message>
    <message>
        <source>Cost / conv.
p90</source>
        <translation>Coût / conv.
p90</translation>
    </message>
    <message>
        <source>Cost / conv.
max</source>
        <translation>Coût / conv.
max.</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>Bot</translation>
    </message>
    <message>
        <source>Simulated user</source>
        <translation>Utilisateur simulé</translation>
    </message>
    <message>
        <source>(+{count} cancelled)</source>
        <translation>(+{count} annulée(s))</translation>
    </message>
    <message>
        <source>cancelled conversations are left out of the figures</source>
        <translation>les conversations annulées sont exclues des chiffres</translation>
    </message>
    <message>
        <source>bot and simulated user</source>
        <translation>bot et utilisateur simulé</translation>
    </message>
    <message>
        <source>{requests} requests, {limited} × 429, {retries} retried</source>
        <translation>{requests} requêtes, {limited} × 429, {retries} relancée(s)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>Visites</translation>
    </message>
    <message>
        <source>Turns
/ visit</source>
        <translation>Tours
/ visite</translation>
    </message>
    <message>
        <source>Viola-
tions</source>
        <translation>Viola-
tions</translation>
    </message>
    <message>
        <source>Correc-
tions</source>
        <translation>Correc-
tions</translation>
    </message>
    <message>
        <source>Fall-
backs</source>
        <translation>Replis</translation>
    </message>
    <message>
        <source>Stuck
here</source>
        <translation>Bloquées
ici</translation>
    </message>
    <message>
        <source>Aban-
doned
here</source>
        <translation>Aban-
données
ici</translation>
    </message>
    <message>
        <source>Failed
here</source>
        <translation>En échec
ici</translation>
    </message>
    <message>
        <source>Violations by kind</source>
        <translation>Violations par type</translation>
    </message>
    <message>
        <source>salvaged replies (not counted as violations): {kinds}</source>
        <translation>réponses récupérées (non comptées comme violations)&#xa0;: {kinds}</translation>
    </message>
    <message>
        <source>{step} (not in this scenario)</source>
        <translation>{step} (absente de ce scénario)</translation>
    </message>
    <message>
        <source>not in the scenario as it is now</source>
        <translation>absente du scénario tel qu’il est maintenant</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Ended in</source>
        <translation>Terminée dans</translation>
    </message>
    <message>
        <source>Bot calls</source>
        <translation>Appels du bot</translation>
    </message>
    <message>
        <source>Bot cost</source>
        <translation>Coût du bot</translation>
    </message>
    <message>
        <source>User calls</source>
        <translation>Appels de l’utilisateur</translation>
    </message>
    <message>
        <source>User cost</source>
        <translation>Coût de l’utilisateur</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>Faits</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>concorde</translation>
    </message>
    <message>
        <source>disagrees</source>
        <translation>diffère</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>manquant</translation>
    </message>
    <message>
        <source>no log</source>
        <translation>pas de journal</translation>
    </message>
    <message>
        <source>all agree</source>
        <translation>tous concordent</translation>
    </message>
    <message>
        <source>{name}: persona {fact}, recorded {recorded} ({verdict})</source>
        <translation>{name}&#xa0;: persona {fact}, enregistré {recorded} ({verdict})</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Fin</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Étapes</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Chemin</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fait</translation>
    </message>
    <message>
        <source>Persona&apos;s value</source>
        <translation>Valeur du persona</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>Concordent</translation>
    </message>
    <message>
        <source>Disagree</source>
        <translation>Diffèrent</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Manquants</translation>
    </message>
    <message>
        <source>Recorded instead (conversation: value)</source>
        <translation>Enregistré à la place (conversation&#xa0;: valeur)</translation>
    </message>
</context>
<context>
    <name>SimulationShading</name>
    <message>
        <source>Where conversations ended unfinished</source>
        <translation>Où les conversations se sont arrêtées sans aboutir</translation>
    </message>
    <message>
        <source>Contract violations per visit</source>
        <translation>Violations du contrat par visite</translation>
    </message>
    <message>
        <source>Turns per visit</source>
        <translation>Tours par visite</translation>
    </message>
    <message>
        <source>Visits</source>
        <translation>Visites</translation>
    </message>
    <message>
        <source>Ended here unfinished</source>
        <translation>Arrêtées ici sans aboutir</translation>
    </message>
    <message>
        <source>Violations per visit</source>
        <translation>Violations par visite</translation>
    </message>
    <message>
        <source>User messages per visit</source>
        <translation>Messages de l’utilisateur par visite</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>non atteinte</translation>
    </message>
    <message>
        <source>step {numbers} of the path</source>
        <translation>étape {numbers} du chemin</translation>
    </message>
    <message>
        <source>on the path</source>
        <translation>sur le chemin</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>empruntée</translation>
    </message>
    <message>
        <source>choose a shading above to see all conversations again</source>
        <translation>choisissez une coloration ci-dessus pour revoir toutes les conversations</translation>
    </message>
    <message>
        <source>ended here unfinished: {counts}</source>
        <translation>arrêtées ici sans aboutir&#xa0;: {counts}</translation>
    </message>
    <message>
        <source>no conversation ended here unfinished</source>
        <translation>aucune conversation ne s’est arrêtée ici sans aboutir</translation>
    </message>
    <message>
        <source>{count} finished here</source>
        <translation>{count} terminée(s) ici</translation>
    </message>
    <message>
        <source>{count} violation(s)</source>
        <translation>{count} violation(s)</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turns per visit</source>
        <translation>{visits} visite(s), {turns} tours par visite</translation>
    </message>
    <message>
        <source>{corrections} correction(s), {fallbacks} fallback(s)</source>
        <translation>{corrections} correction(s), {fallbacks} repli(s)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>{count} conversation(s)</source>
        <translation>{count} conversation(s)</translation>
    </message>
</context>
<context>
    <name>SimulationSource</name>
    <message>
        <source>No OpenAI API key. Add one in the test chat&apos;s &lt;b&gt;Settings…&lt;/b&gt; (kept in the system keyring, never in a file), or set &lt;code&gt;{variable}&lt;/code&gt; before starting the studio.</source>
        <translation>Pas de clé d’API OpenAI. Ajoutez-en une dans les &lt;b&gt;Paramètres…&lt;/b&gt; du chat de test (gardée dans le trousseau du système, jamais dans un fichier), ou définissez &lt;code&gt;{variable}&lt;/code&gt; avant de lancer le studio.</translation>
    </message>
    <message>
        <source>the project&apos;s fake model (no key, no cost)</source>
        <translation>le modèle factice du projet (sans clé, sans coût)</translation>
    </message>
    <message>
        <source>The test chat replays a script, which cannot play a user: the simulation calls the Responses API.</source>
        <translation>Le chat de test rejoue un script, qui ne peut pas jouer un utilisateur&#xa0;: la simulation appelle l’API Responses.</translation>
    </message>
</context>
<context>
    <name>SimulationWindow</name>
    <message>
        <source>{name} — simulation — Prompter</source>
        <translation>{name} — simulation — Prompter</translation>
    </message>
    <message>
        <source>{conversations} conversation(s) of {personas} persona(s) on {source}; report and logs in {folder}</source>
        <translation>{conversations} conversation(s) de {personas} persona(s) sur {source}&#x202f;; rapport et journaux dans {folder}</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source> Shade steps by: </source>
        <translation> Colorer les étapes selon&#xa0;: </translation>
    </message>
    <message>
        <source>The other measures need the per-step figures: they come when the run ends</source>
        <translation>Les autres mesures demandent les chiffres par étape&#xa0;: ils arrivent à la fin de la simulation</translation>
    </message>
    <message>
        <source>Open log</source>
        <translation>Ouvrir le journal</translation>
    </message>
    <message>
        <source>Open the selected conversation&apos;s log in the log viewer (or double-click it)</source>
        <translation>Ouvrir le journal de la conversation sélectionnée dans la visionneuse (ou double-cliquer dessus)</translation>
    </message>
    <message>
        <source>Save as test…</source>
        <translation>Enregistrer comme test…</translation>
    </message>
    <message>
        <source>Keep the selected conversation as a scenario test, with its cassette</source>
        <translation>Garder la conversation sélectionnée comme test du scénario, avec sa cassette</translation>
    </message>
    <message>
        <source>Show report folder</source>
        <translation>Afficher le dossier du rapport</translation>
    </message>
    <message>
        <source>&lt;b&gt;Calls and cost&lt;/b&gt; — the bot and the simulated user apart: calls per user message, cost per conversation</source>
        <translation>&lt;b&gt;Appels et coût&lt;/b&gt; — le bot et l’utilisateur simulé séparément&#xa0;: appels par message de l’utilisateur, coût par conversation</translation>
    </message>
    <message>
        <source>Bot: calls per message</source>
        <translation>Bot&#xa0;: appels par message</translation>
    </message>
    <message>
        <source>calls / message</source>
        <translation>appels / message</translation>
    </message>
    <message>
        <source>User messages per conversation</source>
        <translation>Messages de l’utilisateur par conversation</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>messages</translation>
    </message>
    <message>
        <source>Bot: cost / conversation</source>
        <translation>Bot&#xa0;: coût / conversation</translation>
    </message>
    <message>
        <source>Simulated user: cost / conversation</source>
        <translation>Utilisateur simulé&#xa0;: coût / conversation</translation>
    </message>
    <message>
        <source>All conversations</source>
        <translation>Toutes les conversations</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Afficher&#xa0;:</translation>
    </message>
    <message>
        <source>double-click a conversation to open its log</source>
        <translation>double-cliquez sur une conversation pour ouvrir son journal</translation>
    </message>
    <message>
        <source>The steps each conversation entered, in order, most frequent first; select one to draw it on the graph.</source>
        <translation>Les étapes par lesquelles chaque conversation est passée, dans l’ordre, les plus fréquentes d’abord&#x202f;; sélectionnez-en une pour la tracer sur le graphe.</translation>
    </message>
    <message>
        <source>The personas&apos; facts the report checks against what the bot recorded; double-click one to open the first conversation that got it wrong.</source>
        <translation>Les faits des personas que le rapport compare à ce que le bot a enregistré&#x202f;; double-cliquez sur l’un d’eux pour ouvrir la première conversation qui s’est trompée.</translation>
    </message>
    <message>
        <source>By persona</source>
        <translation>Par persona</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Étapes</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>The report comes when the run ends; conversations are listed as they end.</source>
        <translation>Le rapport arrive à la fin de la simulation&#x202f;; les conversations s’affichent à mesure qu’elles se terminent.</translation>
    </message>
    <message>
        <source>Paths</source>
        <translation>Chemins</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>Faits</translation>
    </message>
    <message>
        <source>Paths ({count})</source>
        <translation>Chemins ({count})</translation>
    </message>
    <message>
        <source>Facts ({count} wrong)</source>
        <translation>Faits ({count} faux)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was simulated.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Rien n’a été simulé.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;{reported} of {planned} conversations&lt;/b&gt; in {duration}: {counts}</source>
        <translation>&lt;b&gt;{reported} conversations sur {planned}&lt;/b&gt; en {duration}&#xa0;: {counts}</translation>
    </message>
    <message>
        <source>({count} cancelled, left out)</source>
        <translation>({count} annulée(s), laissée(s) de côté)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped early&lt;/b&gt; ({why}): the figures cover the conversations that ended.</source>
        <translation>&lt;b&gt;Arrêtée avant la fin&lt;/b&gt; ({why})&#xa0;: les chiffres couvrent les conversations terminées.</translation>
    </message>
    <message>
        <source>{paths} distinct path(s) · bot {bot_calls} calls, {bot_cost} · simulated user {user_calls} calls, {user_cost} · {rate} requests/min, {limited} × 429</source>
        <translation>{paths} chemin(s) distinct(s) · bot {bot_calls} appels, {bot_cost} · utilisateur simulé {user_calls} appels, {user_cost} · {rate} requêtes/min, {limited} × 429</translation>
    </message>
</context>
<context>
    <name>StepForm</name>
    <message>
        <source>Select a step on the graph to see and edit it here.

Double-click empty canvas to add a step; drag from a step&apos;s handle (or Shift+drag) onto another to connect them.</source>
        <translation>Sélectionnez une étape dans le graphe pour la voir et la modifier ici.

Double-cliquez sur le canevas vide pour ajouter une étape&#x202f;; glissez depuis la poignée d’une étape (ou Maj+glisser) jusqu’à une autre pour les relier.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renommer…</translation>
    </message>
    <message>
        <source>Rename the step and every transition to it (F2)</source>
        <translation>Renommer l’étape et toutes les transitions qui y mènent (F2)</translation>
    </message>
    <message>
        <source>shown on the graph and to the model</source>
        <translation>affiché dans le graphe et au modèle</translation>
    </message>
    <message>
        <source>one line; other steps see it as &apos;next goal&apos;</source>
        <translation>une ligne&#x202f;; les autres étapes le voient comme «&#xa0;objectif suivant&#xa0;»</translation>
    </message>
    <message>
        <source>the conversation ends here</source>
        <translation>la conversation se termine ici</translation>
    </message>
    <message>
        <source>wait: wait for the user; respond: reply at once (one extra model call)</source>
        <translation>wait&#xa0;: attendre l’utilisateur&#x202f;; respond&#xa0;: répondre aussitôt (un appel au modèle de plus)</translation>
    </message>
    <message>
        <source>Select a transition to edit its description and guard below; double-click the signal to rename it</source>
        <translation>Sélectionnez une transition pour modifier sa description et sa garde ci-dessous&#x202f;; double-cliquez sur le signal pour le renommer</translation>
    </message>
    <message>
        <source>when the model should take this signal</source>
        <translation>quand le modèle doit prendre ce signal</translation>
    </message>
    <message>
        <source>variables set before it is allowed, e.g. name, email</source>
        <translation>variables à remplir avant qu’il soit permis, p. ex. name, email</translation>
    </message>
    <message>
        <source>Select a result to edit its description below</source>
        <translation>Sélectionnez un résultat pour modifier sa description ci-dessous</translation>
    </message>
    <message>
        <source>what the model should put here</source>
        <translation>ce que le modèle doit mettre ici</translation>
    </message>
    <message>
        <source>the allowed values, e.g. web, mobile</source>
        <translation>les valeurs permises, p. ex. web, mobile</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Objectif</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Genre</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Finale</translation>
    </message>
    <message>
        <source>On enter</source>
        <translation>À l’entrée</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instructions</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Requires</source>
        <translation>Exige</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Valeurs</translation>
    </message>
    <message>
        <source>Transitions</source>
        <translation>Transitions</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Issue</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Signal</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Cible</translation>
    </message>
    <message>
        <source>Guard</source>
        <translation>Garde</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Obligatoire</translation>
    </message>
    <message>
        <source>start</source>
        <translation>départ</translation>
    </message>
</context>
<context>
    <name>StepIds</name>
    <message>
        <source>ASCII letters (a–z, A–Z), digits (0–9) and _, not starting with a digit</source>
        <translation>des lettres ASCII (a–z, A–Z), des chiffres (0–9) et _, sans commencer par un chiffre</translation>
    </message>
    <message>
        <source>the name is empty</source>
        <translation>le nom est vide</translation>
    </message>
    <message>
        <source>“{name}” has a space: spaces are not allowed in signals (use _ instead, e.g. “{suggestion}”); use {rule}</source>
        <translation>«&#xa0;{name}&#xa0;» contient une espace&#xa0;: les espaces sont interdites dans les signaux (utilisez plutôt _, p. ex. «&#xa0;{suggestion}&#xa0;»)&#x202f;; utilisez {rule}</translation>
    </message>
    <message>
        <source>“{name}” has a space: spaces are not allowed in ids (use _ instead, e.g. “{suggestion}”); use {rule}</source>
        <translation>«&#xa0;{name}&#xa0;» contient une espace&#xa0;: les espaces sont interdites dans les identifiants (utilisez plutôt _, p. ex. «&#xa0;{suggestion}&#xa0;»)&#x202f;; utilisez {rule}</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit: a signal starts with a letter or _</source>
        <translation>«&#xa0;{name}&#xa0;» commence par un chiffre&#xa0;: un signal commence par une lettre ou _</translation>
    </message>
    <message>
        <source>“{name}” starts with a digit: an id starts with a letter or _</source>
        <translation>«&#xa0;{name}&#xa0;» commence par un chiffre&#xa0;: un identifiant commence par une lettre ou _</translation>
    </message>
    <message>
        <source>“{name}” has {characters}, which signals cannot hold: use {rule}</source>
        <translation>«&#xa0;{name}&#xa0;» contient {characters}, qu’un signal ne peut pas contenir&#xa0;: utilisez {rule}</translation>
    </message>
    <message>
        <source>“{name}” has {characters}, which ids cannot hold: use {rule}</source>
        <translation>«&#xa0;{name}&#xa0;» contient {characters}, qu’un identifiant ne peut pas contenir&#xa0;: utilisez {rule}</translation>
    </message>
    <message>
        <source>a step “{name}” exists already: choose another id</source>
        <translation>une étape «&#xa0;{name}&#xa0;» existe déjà&#xa0;: choisissez un autre identifiant</translation>
    </message>
    <message>
        <source>“{name}” is the signal every step has for staying: choose another name</source>
        <translation>«&#xa0;{name}&#xa0;» est le signal que toute étape a pour rester&#xa0;: choisissez un autre nom</translation>
    </message>
    <message>
        <source>step “{step}” has a signal “{name}” already: choose another name</source>
        <translation>l’étape «&#xa0;{step}&#xa0;» a déjà un signal «&#xa0;{name}&#xa0;»&#xa0;: choisissez un autre nom</translation>
    </message>
</context>
<context>
    <name>StepKinds</name>
    <message>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Fin</translation>
    </message>
    <message>
        <source>A prompt step: the model talks under its instructions</source>
        <translation>Une étape prompt : le modèle parle selon ses instructions</translation>
    </message>
    <message>
        <source>A message step: fixed text, no model call</source>
        <translation>Une étape message : un texte fixe, sans appel au modèle</translation>
    </message>
    <message>
        <source>An action step: calls Python or HTTP, no model call</source>
        <translation>Une étape action : appelle Python ou HTTP, sans appel au modèle</translation>
    </message>
    <message>
        <source>A final message: says goodbye and ends the conversation</source>
        <translation>Un message final : dit au revoir et termine la conversation</translation>
    </message>
    <message>
        <source>Thank you, goodbye!</source>
        <translation>Merci, au revoir !</translation>
    </message>
    <message>
        <source>Write the message here.</source>
        <translation>Écrivez le message ici.</translation>
    </message>
</context>
<context>
    <name>StepPalette</name>
    <message>
        <source>Step kinds</source>
        <translation>Types d’étape</translation>
    </message>
    <message>
        <source>{what} ({keys}; or drag it onto the canvas)</source>
        <translation>{what} ({keys} ; ou faites-le glisser sur le graphe)</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>log</source>
        <translation>journal</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>tour</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>violations</translation>
    </message>
    <message>
        <source>corrections</source>
        <translation>corrections</translation>
    </message>
    <message>
        <source>fallbacks</source>
        <translation>replis</translation>
    </message>
    <message>
        <source>left here</source>
        <translation>partie ici</translation>
    </message>
    <message>
        <source>Reading the logs…</source>
        <translation>Lecture des journaux…</translation>
    </message>
    <message>
        <source>No conversation in these logs reached this step.</source>
        <translation>Aucune conversation de ces journaux n’a atteint cette étape.</translation>
    </message>
    <message>
        <source>not in this scenario: recorded with another version</source>
        <translation>absente de ce scénario&#xa0;: enregistrée avec une autre version</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>{turns} in {conversations} conversation(s)</source>
        <translation>{turns} dans {conversations} conversation(s)</translation>
    </message>
    <message>
        <source>Model calls</source>
        <translation>Appels au modèle</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Violations</translation>
    </message>
    <message>
        <source>Corrections / fallbacks</source>
        <translation>Corrections / replis</translation>
    </message>
    <message>
        <source>Tokens in / cached / out</source>
        <translation>Jetons en entrée / en cache / en sortie</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conversations that struggled here&lt;/b&gt; ({count}; double-click opens the log at that turn)</source>
        <translation>&lt;b&gt;Conversations en difficulté ici&lt;/b&gt; ({count}&#x202f;; un double-clic ouvre le journal à ce tour)</translation>
    </message>
    <message>
        <source>No conversation struggled here.</source>
        <translation>Aucune conversation n’a eu de difficulté ici.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>&lt;b&gt;All conversations&lt;/b&gt; — click a step for its figures</source>
        <translation>&lt;b&gt;Toutes les conversations&lt;/b&gt; — cliquez sur une étape pour voir ses chiffres</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Journaux</translation>
    </message>
    <message>
        <source>{files} file(s), {events} events</source>
        <translation>{files} fichier(s), {events} événements</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>{conversations}, {finished} finished</source>
        <translation>{conversations}, {finished} terminée(s)</translation>
    </message>
    <message>
        <source>{cost} in all</source>
        <translation>{cost} au total</translation>
    </message>
    <message>
        <source>Damaged lines</source>
        <translation>Lignes abîmées</translation>
    </message>
    <message>
        <source>{count} skipped (first: {first})</source>
        <translation>{count} ignorée(s) (première&#xa0;: {first})</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Illisibles</translation>
    </message>
    <message>
        <source>Left out</source>
        <translation>Laissés de côté</translation>
    </message>
    <message>
        <source>{names} (not conversation logs)</source>
        <translation>{names} (pas des journaux de conversation)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Steps in the logs that this scenario does not have&lt;/b&gt; (recorded with another version; their figures are kept)</source>
        <translation>&lt;b&gt;Étapes des journaux absentes de ce scénario&lt;/b&gt; (enregistrées avec une autre version&#x202f;; leurs chiffres sont gardés)</translation>
    </message>
    <message>
        <source>{visits} visit(s), {turns} turn(s)</source>
        <translation>{visits} visite(s), {turns} tour(s)</translation>
    </message>
</context>
<context>
    <name>StepTables</name>
    <message>
        <source>{count} variables</source>
        <translation>{count} variables</translation>
    </message>
    <message>
        <source>requires ({count}): {names}</source>
        <translation>exige ({count})&#xa0;: {names}</translation>
    </message>
    <message>
        <source>no guard: the signal is always allowed</source>
        <translation>aucune garde&#xa0;: le signal est toujours permis</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>aucune description</translation>
    </message>
    <message>
        <source>“{name}” cannot name a result here (invalid or taken)</source>
        <translation>«&#xa0;{name}&#xa0;» ne peut pas nommer un résultat ici (invalide ou déjà pris)</translation>
    </message>
    <message>
        <source>Enum values</source>
        <translation>Valeurs de l’énumération</translation>
    </message>
    <message>
        <source>Allowed values, separated by commas:</source>
        <translation>Valeurs permises, séparées par des virgules&#xa0;:</translation>
    </message>
    <message>
        <source>Make result &apos;{name}&apos; of &apos;{step}&apos; an enum</source>
        <translation>Faire du résultat «&#xa0;{name}&#xa0;» de «&#xa0;{step}&#xa0;» une énumération</translation>
    </message>
    <message>
        <source>Make result &apos;{name}&apos; of &apos;{step}&apos; {type}</source>
        <translation>Donner au résultat «&#xa0;{name}&#xa0;» de «&#xa0;{step}&#xa0;» le type {type}</translation>
    </message>
    <message>
        <source>Add result &apos;{name}&apos; to &apos;{step}&apos;</source>
        <translation>Ajouter le résultat «&#xa0;{name}&#xa0;» à «&#xa0;{step}&#xa0;»</translation>
    </message>
</context>
<context>
    <name>Studio</name>
    <message>
        <source>The default scenario was not found at {folder}.</source>
        <translation>Le scénario par défaut est introuvable dans {folder}.</translation>
    </message>
    <message>
        <source>Cannot open {file}:
{error}</source>
        <translation>Impossible d’ouvrir {file}&#xa0;:
{error}</translation>
    </message>
</context>
<context>
    <name>StudioChat</name>
    <message>
        <source>Open Conversation &amp;Log…</source>
        <translation>Ouvrir un &amp;journal de conversation…</translation>
    </message>
    <message>
        <source>Open a conversation log: replay it, follow it, fork from a turn</source>
        <translation>Ouvrir un journal de conversation&#xa0;: le relire, le suivre, dériver depuis un tour</translation>
    </message>
    <message>
        <source>Open Log from &amp;Server…</source>
        <translation>Ouvrir le journal d’un &amp;serveur…</translation>
    </message>
    <message>
        <source>Download a served conversation&apos;s log (prompter serve) and open it</source>
        <translation>Télécharger le journal d’une conversation servie (prompter serve) et l’ouvrir</translation>
    </message>
    <message>
        <source>Test chat</source>
        <translation>Conversation de test</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <source>&lt;b&gt;scenario.yaml does not load&lt;/b&gt;: fix it (the Problems pane says where) and the chat starts again.</source>
        <translation>&lt;b&gt;scenario.yaml ne se charge pas&lt;/b&gt;&#xa0;: corrigez-le (le panneau Problèmes dit où) et la conversation redémarre.</translation>
    </message>
    <message>
        <source>Open a scenario to chat with it.</source>
        <translation>Ouvrez un scénario pour discuter avec lui.</translation>
    </message>
    <message>
        <source>Open conversation log</source>
        <translation>Ouvrir un journal de conversation</translation>
    </message>
    <message>
        <source>Logs (*.jsonl *.ndjson *.log);;All (*)</source>
        <translation>Journaux (*.jsonl *.ndjson *.log);;Tous (*)</translation>
    </message>
</context>
<context>
    <name>StudioLogPane</name>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
</context>
<context>
    <name>StudioMatrix</name>
    <message>
        <source>Model &amp;matrix…</source>
        <translation>&amp;Matrice de modèles…</translation>
    </message>
    <message>
        <source>Run the tests on several models and versions of the scenario, repeated</source>
        <translation>Exécuter les tests sur plusieurs modèles et versions du scénario, plusieurs fois</translation>
    </message>
    <message>
        <source>Model matrix</source>
        <translation>Matrice de modèles</translation>
    </message>
    <message>
        <source>Open a scenario without errors first: the matrix runs its tests.</source>
        <translation>Ouvrez d’abord un scénario sans erreur : la matrice exécute ses tests.</translation>
    </message>
</context>
<context>
    <name>StudioSimulations</name>
    <message>
        <source>&amp;Simulate…</source>
        <translation>&amp;Simuler…</translation>
    </message>
    <message>
        <source>Let simulated users play the scenario&apos;s personas many times, and see where the script breaks</source>
        <translation>Faire jouer de nombreuses fois les personas du scénario par des utilisateurs simulés, et voir où le script casse</translation>
    </message>
    <message>
        <source>Open a scenario first: its personas play against it.</source>
        <translation>Ouvrez d’abord un scénario&#xa0;: ses personas jouent face à lui.</translation>
    </message>
    <message>
        <source>The scenario has errors (see the Problems pane). A simulation runs the scenario as it is now, so it must load first.</source>
        <translation>Le scénario contient des erreurs (voir le panneau Problèmes). Une simulation exécute le scénario tel qu’il est maintenant&#xa0;: il doit donc d’abord se charger.</translation>
    </message>
    <message>
        <source>Simulate</source>
        <translation>Simuler</translation>
    </message>
</context>
<context>
    <name>StudioTests</name>
    <message>
        <source>no API key is set up: add one in the test chat&apos;s Settings… (or set OPENAI_API_KEY before starting the studio).</source>
        <translation>aucune clé d’API n’est configurée&#xa0;: ajoutez-en une dans les Paramètres… de la conversation de test (ou définissez OPENAI_API_KEY avant de lancer le studio).</translation>
    </message>
    <message>
        <source>the test chat&apos;s scripted provider has no reply script (see its Settings…).</source>
        <translation>le fournisseur scripté de la conversation de test n’a pas de script de réponses (voir ses Paramètres…).</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>Tests</translation>
    </message>
    <message>
        <source>Save Chat as &amp;Test…</source>
        <translation>Enregistrer la conversation comme &amp;test…</translation>
    </message>
    <message>
        <source>Added the chat as the test {file}, with its recording — File ▸ Save writes them</source>
        <translation>Conversation ajoutée comme test {file}, avec son enregistrement — Fichier ▸ Enregistrer les écrit</translation>
    </message>
</context>
<context>
    <name>StudioTools</name>
    <message>
        <source>&amp;Compare with…</source>
        <translation>&amp;Comparer avec…</translation>
    </message>
    <message>
        <source>Compare the open scenario with a folder or a git revision of it</source>
        <translation>Comparer le scénario ouvert avec un dossier ou une de ses révisions git</translation>
    </message>
    <message>
        <source>&amp;Analyse logs…</source>
        <translation>&amp;Analyser des journaux…</translation>
    </message>
    <message>
        <source>Read many conversation logs and shade the graph by where conversations struggle</source>
        <translation>Lire de nombreux journaux de conversation et colorer le graphe selon les endroits où les conversations peinent</translation>
    </message>
    <message>
        <source>Open a scenario first: it is what gets compared.</source>
        <translation>Ouvrez d’abord un scénario&#xa0;: c’est lui qui est comparé.</translation>
    </message>
    <message>
        <source>Cannot read {spec}:</source>
        <translation>Impossible de lire {spec}&#xa0;:</translation>
    </message>
    <message>
        <source>open in the studio, unsaved</source>
        <translation>ouvert dans le studio, non enregistré</translation>
    </message>
    <message>
        <source>open in the studio</source>
        <translation>ouvert dans le studio</translation>
    </message>
    <message>
        <source>Open a scenario first: the logs are shown on its graph.</source>
        <translation>Ouvrez d’abord un scénario&#xa0;: les journaux s’affichent sur son graphe.</translation>
    </message>
    <message>
        <source>A folder of conversation logs (searched for *.jsonl)</source>
        <translation>Un dossier de journaux de conversation (où chercher les *.jsonl)</translation>
    </message>
    <message>
        <source>Turn chart</source>
        <translation>Graphique des tours</translation>
    </message>
</context>
<context>
    <name>TestCatalog</name>
    <message>
        <source>file is too large ({count} characters)</source>
        <translation>fichier trop grand ({count} caractères)</translation>
    </message>
</context>
<context>
    <name>TestDetails</name>
    <message>
        <source>passed</source>
        <translation>réussi</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échoué</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>périmé</translation>
    </message>
    <message>
        <source>could not run</source>
        <translation>n’a pas pu s’exécuter</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>à la fin</translation>
    </message>
    <message>
        <source>at the opening</source>
        <translation>à l’ouverture</translation>
    </message>
    <message>
        <source>at turn {turn}</source>
        <translation>au tour {turn}</translation>
    </message>
    <message>
        <source>error: {error}</source>
        <translation>erreur&#xa0;: {error}</translation>
    </message>
    <message>
        <source>{where}: stale — {reason}</source>
        <translation>{where}&#xa0;: périmé — {reason}</translation>
    </message>
    <message>
        <source>bot_says: expected {expected} in the reply</source>
        <translation>bot_says&#xa0;: {expected} attendu dans la réponse</translation>
    </message>
    <message>
        <source>{what}: expected {expected}, got {actual}</source>
        <translation>{what}&#xa0;: attendu {expected}, obtenu {actual}</translation>
    </message>
    <message>
        <source>end</source>
        <translation>fin</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>ouverture</translation>
    </message>
    <message>
        <source>turn {turn}</source>
        <translation>tour {turn}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b style=&apos;color:#c62828&apos;&gt;✖ The file has errors&lt;/b&gt; — the test cannot run until they are fixed (they are in Problems too):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b style=&apos;color:#c62828&apos;&gt;✖ Le fichier contient des erreurs&lt;/b&gt; — le test ne peut pas s’exécuter tant qu’elles ne sont pas corrigées (elles figurent aussi dans Problèmes) :&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Not run yet. &lt;b&gt;Run&lt;/b&gt; replays it from its recording.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Pas encore exécuté. &lt;b&gt;Exécuter&lt;/b&gt; le rejoue à partir de son enregistrement.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>rejoué</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>enregistré</translation>
    </message>
    <message>
        <source>run live</source>
        <translation>exécuté en direct</translation>
    </message>
    <message>
        <source> at {time}</source>
        <translation> à {time}</translation>
    </message>
    <message>
        <source>{count} ms</source>
        <translation>{count} ms</translation>
    </message>
    <message>
        <source>{count} s</source>
        <translation>{count} s</translation>
    </message>
    <message>
        <source>{turns} turn(s), {calls} model call(s) · {how}{when} in {took}</source>
        <translation>{turns} tour(s), {calls} appel(s) au modèle · {how}{when} en {took}</translation>
    </message>
    <message>
        <source>Replies by {maker}</source>
        <translation>Réponses de {maker}</translation>
    </message>
    <message>
        <source>Cost: {cost}.</source>
        <translation>Coût&#xa0;: {cost}.</translation>
    </message>
    <message>
        <source>Open this run&apos;s log in the viewer at {where}</source>
        <translation>Ouvrir le journal de cette exécution dans la visionneuse, au {where}</translation>
    </message>
    <message>
        <source>Open this run&apos;s log in the viewer</source>
        <translation>Ouvrir le journal de cette exécution dans la visionneuse</translation>
    </message>
    <message>
        <source>The test could not run:</source>
        <translation>Le test n’a pas pu s’exécuter&#xa0;:</translation>
    </message>
    <message>
        <source>&lt;p&gt;A test needs its recording (&lt;code&gt;NAME.replies.jsonl&lt;/code&gt;) to be replayed: choose &lt;b&gt;Record&lt;/b&gt; to make one (it calls the model).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Un test a besoin de son enregistrement (&lt;code&gt;NAME.replies.jsonl&lt;/code&gt;) pour être rejoué&#xa0;: choisissez &lt;b&gt;Enregistrer&lt;/b&gt; pour en créer un (cela appelle le modèle).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>now</source>
        <translation>maintenant</translation>
    </message>
    <message>
        <source>◐ Stale at {where}</source>
        <translation>◐ Périmé au {where}</translation>
    </message>
    <message>
        <source>The scenario now asks the model something the recording does not answer, so the recorded replies say nothing about this version. It is not a failure: record the test again (&lt;a href=&apos;record:&apos;&gt;Record&lt;/a&gt; calls the model; &lt;a href=&apos;fake-record:&apos;&gt;Re-record with the fake model&lt;/a&gt; needs no key, and its replies are synthetic) or undo the change.</source>
        <translation>Le scénario demande maintenant au modèle quelque chose à quoi l’enregistrement ne répond pas&#xa0;: les réponses enregistrées ne disent donc rien de cette version. Ce n’est pas un échec&#xa0;: enregistrez de nouveau le test (&lt;a href=&apos;record:&apos;&gt;Enregistrer&lt;/a&gt; appelle le modèle&#x202f;; &lt;a href=&apos;fake-record:&apos;&gt;Réenregistrer avec le faux modèle&lt;/a&gt; ne demande pas de clé, et ses réponses sont synthétiques) ou annulez la modification.</translation>
    </message>
    <message>
        <source>user</source>
        <translation>utilisateur</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>attendu</translation>
    </message>
    <message>
        <source>the bot&apos;s reply, below</source>
        <translation>la réponse du bot, ci-dessous</translation>
    </message>
    <message>
        <source>got</source>
        <translation>obtenu</translation>
    </message>
    <message>
        <source>step</source>
        <translation>étape</translation>
    </message>
    <message>
        <source>bot</source>
        <translation>bot</translation>
    </message>
</context>
<context>
    <name>TestFileEditor</name>
    <message>
        <source>Cannot open {file}: {error}</source>
        <translation>Impossible d’ouvrir {file}&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Choose a test in the list and “Edit” to change it here.</source>
        <translation>Choisissez un test dans la liste puis «&#xa0;Modifier le fichier&#xa0;» pour le changer ici.</translation>
    </message>
    <message>
        <source>{count} error(s): this test cannot run until they are fixed.</source>
        <translation>{count} erreur(s)&#xa0;: ce test ne peut pas s’exécuter tant qu’elles ne sont pas corrigées.</translation>
    </message>
    <message>
        <source>Warnings only: the test can run.</source>
        <translation>Seulement des avertissements&#xa0;: le test peut s’exécuter.</translation>
    </message>
    <message>
        <source>✓ The file is valid for this scenario.</source>
        <translation>✓ Le fichier est valide pour ce scénario.</translation>
    </message>
    <message>
        <source>not saved yet (File ▸ Save writes it)</source>
        <translation>pas encore enregistré (Fichier ▸ Enregistrer l’écrit)</translation>
    </message>
</context>
<context>
    <name>TestList</name>
    <message>
        <source>Every expectation held.</source>
        <translation>Toutes les attentes sont tenues.</translation>
    </message>
    <message>
        <source>An expectation did not hold: double-click to see the run&apos;s log at that turn.</source>
        <translation>Une attente n’a pas été tenue&#xa0;: double-cliquez pour voir le journal de l’exécution à ce tour.</translation>
    </message>
    <message>
        <source>The recording no longer answers what the scenario asks (an instruction, the prompt or a user message changed), so the replay says nothing about this version: record the test again, or undo the change.</source>
        <translation>L’enregistrement ne répond plus à ce que demande le scénario (une instruction, le prompt ou un message de l’utilisateur a changé)&#xa0;: la relecture ne dit donc rien de cette version. Enregistrez de nouveau le test, ou annulez la modification.</translation>
    </message>
    <message>
        <source>The test could not run (see the details).</source>
        <translation>Le test n’a pas pu s’exécuter (voir les détails).</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>Réponses</translation>
    </message>
    <message>
        <source>Who made the replies the test ran on</source>
        <translation>Qui a produit les réponses sur lesquelles le test a tourné</translation>
    </message>
    <message>
        <source>✖ file has errors</source>
        <translation>✖ fichier en erreur</translation>
    </message>
    <message>
        <source>○ not run</source>
        <translation>○ non exécuté</translation>
    </message>
    <message>
        <source>before edits</source>
        <translation>avant modifications</translation>
    </message>
    <message>
        <source>synthetic</source>
        <translation>synthétique</translation>
    </message>
    <message>
        <source>Replies by {maker}: {meaning}.</source>
        <translation>Réponses de {maker}&#xa0;: {meaning}.</translation>
    </message>
    <message>
        <source>Replies by {maker}</source>
        <translation>Réponses de {maker}</translation>
    </message>
    <message>
        <source>Double-click: open the run&apos;s log at this turn</source>
        <translation>Double-clic&#xa0;: ouvrir le journal de l’exécution à ce tour</translation>
    </message>
</context>
<context>
    <name>TestRuns</name>
    <message>
        <source>scenario.yaml does not load: fix it (see Problems) to run tests</source>
        <translation>scenario.yaml ne se charge pas&#xa0;: corrigez-le (voir Problèmes) pour exécuter les tests</translation>
    </message>
    <message>
        <source>the file has errors (see Problems)</source>
        <translation>le fichier contient des erreurs (voir Problèmes)</translation>
    </message>
    <message>
        <source>cannot prepare the run: {error}</source>
        <translation>impossible de préparer l’exécution&#xa0;: {error}</translation>
    </message>
    <message>
        <source>The test file was edited after this run: run it again.</source>
        <translation>Le fichier du test a été modifié après cette exécution&#xa0;: relancez-le.</translation>
    </message>
    <message>
        <source>The scenario was edited after this run: run it again.</source>
        <translation>Le scénario a été modifié après cette exécution&#xa0;: relancez le test.</translation>
    </message>
    <message>
        <source>no model is set up (the test chat&apos;s Settings… set one up).</source>
        <translation>aucun modèle n’est configuré (les Paramètres… de la conversation de test en configurent un).</translation>
    </message>
    <message>
        <source>a run is under way</source>
        <translation>une exécution est en cours</translation>
    </message>
    <message>
        <source>A {mode} run calls the model, and {why}</source>
        <translation>Une exécution {mode} appelle le modèle, et {why}</translation>
    </message>
    <message>
        <source>Nothing to run: every chosen test has errors (see Problems).</source>
        <translation>Rien à exécuter&#xa0;: tous les tests choisis contiennent des erreurs (voir Problèmes).</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>(a check failed)</source>
        <translation>(une vérification a échoué)</translation>
    </message>
    <message>
        <source>turn {turn}/{total}</source>
        <translation>tour {turn}/{total}</translation>
    </message>
    <message>
        <source>The recordings could not be read back: {error}</source>
        <translation>Les enregistrements n’ont pas pu être relus&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Record {file}</source>
        <translation>Enregistrer {file}</translation>
    </message>
    <message>
        <source>Record {count} tests</source>
        <translation>Enregistrer {count} tests</translation>
    </message>
    <message>
        <source>The recordings could not be kept: {error}</source>
        <translation>Les enregistrements n’ont pas pu être conservés&#xa0;: {error}</translation>
    </message>
</context>
<context>
    <name>TestsPane</name>
    <message>
        <source>Replay</source>
        <translation>Rejouer</translation>
    </message>
    <message>
        <source>Answer from the recorded replies: no key, no network, no cost</source>
        <translation>Répondre avec les réponses enregistrées&#xa0;: ni clé, ni réseau, ni coût</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Call the model and record its replies (rewrites the recordings; undoable, saved with the scenario)</source>
        <translation>Appeler le modèle et enregistrer ses réponses (réécrit les enregistrements&#x202f;; annulable, enregistré avec le scénario)</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>En direct</translation>
    </message>
    <message>
        <source>Call the model; the recordings are left as they are</source>
        <translation>Appeler le modèle&#x202f;; les enregistrements restent tels quels</translation>
    </message>
    <message>
        <source>Record (fake model)</source>
        <translation>Enregistrer (faux modèle)</translation>
    </message>
    <message>
        <source>Record with the fake model: no key, no cost — it plays what each test expects. The recordings are marked synthetic: they check the graph, the contract and the expectations, not how a model follows the instructions</source>
        <translation>Enregistrer avec le faux modèle&#xa0;: ni clé, ni coût — il joue ce que chaque test attend. Les enregistrements sont marqués synthétiques&#xa0;: ils vérifient le graphe, le contrat et les attentes, pas la façon dont un modèle suit les instructions</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>Tests</translation>
    </message>
    <message>
        <source>▶ Run all</source>
        <translation>▶ Tout exécuter</translation>
    </message>
    <message>
        <source>Run every test of the scenario (as it is in the editor, unsaved edits included)</source>
        <translation>Exécuter tous les tests du scénario (tel qu’il est dans l’éditeur, modifications non enregistrées comprises)</translation>
    </message>
    <message>
        <source>Run selected</source>
        <translation>Exécuter la sélection</translation>
    </message>
    <message>
        <source>Run the selected tests</source>
        <translation>Exécuter les tests sélectionnés</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ Arrêter</translation>
    </message>
    <message>
        <source>Stop after the turn each test is in</source>
        <translation>Arrêter après le tour en cours de chaque test</translation>
    </message>
    <message>
        <source>Coverage on graph</source>
        <translation>Couverture sur le graphe</translation>
    </message>
    <message>
        <source>Shade the steps and transitions no test exercised in the last runs (runs every test first if none ran)</source>
        <translation>Ombrer les étapes et transitions qu’aucun test n’a exercées lors des dernières exécutions (exécute d’abord tous les tests si aucun n’a tourné)</translation>
    </message>
    <message>
        <source>Edit file</source>
        <translation>Modifier le fichier</translation>
    </message>
    <message>
        <source>Edit the selected test file (undoable; saved with the scenario)</source>
        <translation>Modifier le fichier de test sélectionné (annulable&#x202f;; enregistré avec le scénario)</translation>
    </message>
    <message>
        <source>Replay needs no key; Record and Live call the model set up in the test chat&apos;s Settings…</source>
        <translation>Rejouer ne demande pas de clé&#x202f;; Enregistrer et En direct appellent le modèle configuré dans les Paramètres… de la conversation de test</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>no model is set up: Record and Live use the test chat&apos;s (its Settings…).</source>
        <translation>aucun modèle n’est configuré&#xa0;: Enregistrer et En direct utilisent celui de la conversation de test (ses Paramètres…).</translation>
    </message>
    <message>
        <source>Open a scenario to see its tests.</source>
        <translation>Ouvrez un scénario pour voir ses tests.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This scenario has no tests yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Chat with it in the &lt;b&gt;Test chat&lt;/b&gt;, then &lt;b&gt;File ▸ Save Chat as Test…&lt;/b&gt; (or &lt;b&gt;Save as test…&lt;/b&gt; in the chat&apos;s toolbar): the conversation becomes a test (&lt;code&gt;tests/NAME.test.yaml&lt;/code&gt;) with its recorded replies, replayed here in a second and with no key.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Ce scénario n’a pas encore de tests.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Discutez avec lui dans la &lt;b&gt;conversation de test&lt;/b&gt;, puis &lt;b&gt;Fichier ▸ Enregistrer la conversation comme test…&lt;/b&gt; (ou &lt;b&gt;Enregistrer comme test…&lt;/b&gt; dans la barre d’outils de la conversation)&#xa0;: la conversation devient un test (&lt;code&gt;tests/NAME.test.yaml&lt;/code&gt;) avec ses réponses enregistrées, rejoué ici en une seconde et sans clé.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{count} passed</source>
        <translation>{count} réussi(s)</translation>
    </message>
    <message>
        <source>{count} failed</source>
        <translation>{count} échoué(s)</translation>
    </message>
    <message>
        <source>{count} stale</source>
        <translation>{count} périmé(s)</translation>
    </message>
    <message>
        <source>{count} could not run</source>
        <translation>{count} non exécutable(s)</translation>
    </message>
    <message>
        <source>{count} with errors</source>
        <translation>{count} en erreur</translation>
    </message>
    <message>
        <source>{count} not run</source>
        <translation>{count} non exécuté(s)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a test to see its last result.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Sélectionnez un test pour voir son dernier résultat.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This test has no log to show: run it first.</source>
        <translation>Ce test n’a pas de journal à montrer&#xa0;: exécutez-le d’abord.</translation>
    </message>
    <message>
        <source>The run&apos;s log {file} is gone (the system&apos;s temporary folder was cleaned): run the test again.</source>
        <translation>Le journal de l’exécution {file} a disparu (le dossier temporaire du système a été vidé)&#xa0;: relancez le test.</translation>
    </message>
    <message>
        <source>no scenario is open.</source>
        <translation>aucun scénario n’est ouvert.</translation>
    </message>
    <message>
        <source>Calls the model, and {why}</source>
        <translation>Appelle le modèle, et {why}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <source>… queued</source>
        <translation>… en attente</translation>
    </message>
    <message>
        <source>{mode} with the fake model</source>
        <translation>{mode} avec le faux modèle</translation>
    </message>
    <message>
        <source>Running {count} test(s) ({mode})…</source>
        <translation>Exécution de {count} test(s) ({mode})…</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <source>{seconds} s ({mode})</source>
        <translation>{seconds} s ({mode})</translation>
    </message>
    <message>
        <source>{count} of {total} tests run</source>
        <translation>{count} tests exécutés sur {total}</translation>
    </message>
    <message>
        <source>; edited since</source>
        <translation>&#x202f;; modifié depuis</translation>
    </message>
</context>
<context>
    <name>TextFileEditor</name>
    <message>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>Show the Markdown as it reads (Ctrl+Shift+P); the model gets the text as written</source>
        <translation>Afficher le Markdown tel qu’il se lit (Ctrl+Maj+P)&#x202f;; le modèle reçoit le texte tel qu’il est écrit</translation>
    </message>
    <message>
        <source>What one model call carries: persona, the step&apos;s instructions, the contract and the reply schema. Tokens ≈ characters / 4.</source>
        <translation>Ce que transporte un appel au modèle&#xa0;: la persona, les instructions de l’étape, le contrat et le schéma de réponse. Jetons ≈ caractères / 4.</translation>
    </message>
    <message>
        <source>Select a step to edit its instructions.</source>
        <translation>Sélectionnez une étape pour modifier ses instructions.</translation>
    </message>
    <message>
        <source>Write the instructions for this step in Markdown. Type {{ to insert a variable.</source>
        <translation>Écrivez les instructions de cette étape en Markdown. Tapez {{ pour insérer une variable.</translation>
    </message>
    <message>
        <source>A message step sends its text as written (see “Text” above); it has no instruction file.</source>
        <translation>Une étape de message envoie son texte tel qu’il est écrit (voir «&#xa0;Texte&#xa0;» ci-dessus)&#x202f;; elle n’a pas de fichier d’instructions.</translation>
    </message>
    <message>
        <source>An action step calls a function or an API (see “Action” in the step form) and makes no model call: it has no instruction file. The step after it talks, and can use its results as {{placeholders}}.</source>
        <translation>Une étape d’action appelle une fonction ou une API (voir « Action » dans le formulaire de l’étape) et ne fait aucun appel au modèle : elle n’a pas de fichier d’instructions. L’étape suivante parle, et peut utiliser ses résultats comme {{placeholders}}.</translation>
    </message>
    <message>
        <source>Step “{step}” has no instruction file: set “Instructions” in the inspector, e.g. {file}.</source>
        <translation>L’étape «&#xa0;{step}&#xa0;» n’a pas de fichier d’instructions&#xa0;: renseignez «&#xa0;Instructions&#xa0;» dans l’inspecteur, p. ex. {file}.</translation>
    </message>
    <message>
        <source>The scenario has no persona file (add “persona: persona.md” to scenario.yaml).</source>
        <translation>Le scénario n’a pas de fichier de persona (ajoutez «&#xa0;persona: persona.md&#xa0;» à scenario.yaml).</translation>
    </message>
    <message>
        <source>Cannot open {file}: {error}</source>
        <translation>Impossible d’ouvrir {file}&#xa0;: {error}</translation>
    </message>
    <message>
        <source>— sent with every model call, {file}; select a step for its own instructions</source>
        <translation>— envoyée avec chaque appel au modèle, {file}&#x202f;; sélectionnez une étape pour ses propres instructions</translation>
    </message>
    <message>
        <source>— instructions, {file}</source>
        <translation>— instructions, {file}</translation>
    </message>
    <message>
        <source>{characters} characters · ≈ {tokens} tokens, sent at the start of every model call</source>
        <translation>{characters} caractères · ≈ {tokens} jetons, envoyés au début de chaque appel au modèle</translation>
    </message>
    <message>
        <source>{characters} characters</source>
        <translation>{characters} caractères</translation>
    </message>
    <message>
        <source>{characters} characters · each call in this step ≈ {tokens} tokens</source>
        <translation>{characters} caractères · chaque appel dans cette étape ≈ {tokens} jetons</translation>
    </message>
    <message>
        <source>Every model call in this step sends {characters} characters: the persona, the contract rules, this step&apos;s instructions, results and transitions, and the reply schema (layout per_step). Tokens ≈ characters / 4.</source>
        <translation>Chaque appel au modèle dans cette étape envoie {characters} caractères&#xa0;: la persona, les règles du contrat, les instructions, résultats et transitions de cette étape, et le schéma de réponse (disposition per_step). Jetons ≈ caractères / 4.</translation>
    </message>
    <message>
        <source>{characters} characters · entering this step, a call of ≈ {tokens} tokens, this step&apos;s part ≈ {part}</source>
        <translation>{characters} caractères · à l’entrée de cette étape, un appel de ≈ {tokens} jetons, dont ≈ {part} pour cette étape</translation>
    </message>
    <message>
        <source>The first model call in this step sends {characters} characters (layout {layout}): the reply schema, the persona and contract rules — the same on every call, billed at the cached price once the conversation is under way — and this step&apos;s section ({step_characters} characters: its instructions, results and transitions), sent once when the step is entered and cached after. Tokens ≈ characters / 4.</source>
        <translation>Le premier appel au modèle dans cette étape envoie {characters} caractères (disposition {layout})&#xa0;: le schéma de réponse, la persona et les règles du contrat — les mêmes à chaque appel, facturés au prix du cache une fois la conversation lancée — et la section de cette étape ({step_characters} caractères&#xa0;: ses instructions, résultats et transitions), envoyée une fois à l’entrée dans l’étape puis mise en cache. Jetons ≈ caractères / 4.</translation>
    </message>
</context>
<context>
    <name>ToolWindow</name>
    <message>
        <source>Close Window</source>
        <translation>Fermer la fenêtre</translation>
    </message>
</context>
<context>
    <name>ToolsMenu</name>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Outils</translation>
    </message>
</context>
<context>
    <name>TryActionDialog</name>
    <message>
        <source>Not run: this folder&apos;s actions are not trusted.</source>
        <translation>Non exécutée : les actions de ce dossier ne sont pas approuvées.</translation>
    </message>
    <message>
        <source>Run this folder&apos;s actions?</source>
        <translation>Exécuter les actions de ce dossier ?</translation>
    </message>
    <message>
        <source>The actions of {folder} run with your rights: {what}. Run this folder&apos;s actions (the studio remembers your answer)?</source>
        <translation>Les actions de {folder} s’exécutent avec vos droits : {what}. Exécuter les actions de ce dossier (le studio retient votre réponse) ?</translation>
    </message>
    <message>
        <source>Try action %s</source>
        <translation>Essayer l’action %s</translation>
    </message>
    <message>
        <source>The step is not an action step that calls something, or the scenario does not load: fix it first.</source>
        <translation>L’étape n’est pas une étape d’action qui appelle quelque chose, ou le scénario ne se charge pas : corrigez-le d’abord.</translation>
    </message>
    <message>
        <source>Calls %s, within %s s</source>
        <translation>Appelle %s, en %s s au plus</translation>
    </message>
    <message>
        <source>a value: text, or JSON (5, true, [&quot;a&quot;])</source>
        <translation>une valeur : du texte, ou du JSON (5, true, [&quot;a&quot;])</translation>
    </message>
    <message>
        <source>The action is handed nothing.</source>
        <translation>L’action ne reçoit rien.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>What came back is shown here.</source>
        <translation>Ce qui revient s’affiche ici.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Exécution…</translation>
    </message>
    <message>
        <source>Outcome: %s — %s ms</source>
        <translation>Issue : %s — %s ms</translation>
    </message>
    <message>
        <source>Not declared as results, so dropped: %s</source>
        <translation>Non déclarés comme résultats, donc écartés : %s</translation>
    </message>
</context>
<context>
    <name>TurnChart</name>
    <message>
        <source>No model calls yet</source>
        <translation>Pas encore d’appel au modèle</translation>
    </message>
    <message>
        <source>turns {first}–{last} of {count} (the mouse wheel moves along them)</source>
        <translation>tours {first} à {last} sur {count} (la molette de la souris les fait défiler)</translation>
    </message>
    <message>
        <source>cached input</source>
        <translation>entrée en cache</translation>
    </message>
    <message>
        <source>input</source>
        <translation>entrée</translation>
    </message>
    <message>
        <source>output</source>
        <translation>sortie</translation>
    </message>
    <message>
        <source>cost $</source>
        <translation>coût $</translation>
    </message>
    <message>
        <source>model time s</source>
        <translation>temps du modèle s</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>tour</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>jetons</translation>
    </message>
    <message>
        <source>&lt;b&gt;Turn {turn}&lt;/b&gt; in &lt;code&gt;{step}&lt;/code&gt;</source>
        <translation>&lt;b&gt;Tour {turn}&lt;/b&gt; dans &lt;code&gt;{step}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Turn {turn}&lt;/b&gt;</source>
        <translation>&lt;b&gt;Tour {turn}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{violations} contract violation(s), {corrections} correction(s)</source>
        <translation>{violations} violation(s) du contrat, {corrections} correction(s)</translation>
    </message>
    <message>
        <source>{calls} model call(s), {seconds} s&lt;br&gt;input {input} tokens ({cached} cached), output {output}&lt;br&gt;{cost}</source>
        <translation>{calls} appel(s) au modèle, {seconds} s&lt;br&gt;entrée {input} jetons ({cached} en cache), sortie {output}&lt;br&gt;{cost}</translation>
    </message>
</context>
<context>
    <name>TypingIndicator</name>
    <message>
        <source>The bot</source>
        <translation>Le bot</translation>
    </message>
    <message>
        <source>{bot} is typing {dots}</source>
        <translation>{bot} écrit {dots}</translation>
    </message>
</context>
<context>
    <name>VariablesPanel</name>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Variables as of turn {turn}</source>
        <translation>Variables à la fin du tour {turn}</translation>
    </message>
    <message>
        <source>A result step {step} captured; no variable declares it under variables: (placeholders fill from it all the same)</source>
        <translation>Un résultat capturé par l&apos;étape {step}&#xa0;; aucune variable ne le déclare sous variables: (les espaces réservés s&apos;en remplissent quand même)</translation>
    </message>
    <message>
        <source>turn {turn} · {step}</source>
        <translation>tour {turn} · {step}</translation>
    </message>
    <message>
        <source>Select to scroll the chat to this turn</source>
        <translation>Sélectionner pour faire défiler la conversation jusqu’à ce tour</translation>
    </message>
</context>
<context>
    <name>Widgets</name>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
</context>
<context>
    <name>YamlSourceEditor</name>
    <message>
        <source>Edits here are applied after a short pause and can be undone.</source>
        <translation>Les modifications faites ici s’appliquent après une courte pause et peuvent être annulées.</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>ligne {line}</translation>
    </message>
</context>
</TS>
