<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>ActionForm</name>
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
    <message>
        <source>Python actions are stubbed: you chose not to run this folder&apos;s actions.py. HTTP actions run.</source>
        <translation>Les actions Python sont simulées : vous avez choisi de ne pas exécuter le actions.py de ce dossier. Les actions HTTP s’exécutent.</translation>
    </message>
    <message>
        <source>This scenario&apos;s Python actions (actions.py) are code, and run with your rights. Until you trust this folder they are stubbed; HTTP actions run.</source>
        <translation>Les actions Python de ce scénario (actions.py) sont du code, et s’exécutent avec vos droits. Tant que vous n’approuvez pas ce dossier, elles sont simulées ; les actions HTTP s’exécutent.</translation>
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
        <source>Log: {link}</source>
        <translation>Journal&#xa0;: {link}</translation>
    </message>
    <message>
        <source>Click to open the folder; every test conversation is logged there (JSON Lines).</source>
        <translation>Cliquez pour ouvrir le dossier&#x202f;; chaque conversation de test y est journalisée (JSON Lines).</translation>
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
        <source>Fake model · no key, no cost</source>
        <translation>Modèle factice · sans clé, sans coût</translation>
    </message>
</context>
<context>
    <name>ChatSettingsDialog</name>
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
    <name>CompareDialog</name>
    <message>
        <source>A git revision (this scenario has never been committed)</source>
        <translation>Une révision git (ce scénario n’a jamais été commité)</translation>
    </message>
    <message>
        <source>A git revision (this folder is not in a git repository)</source>
        <translation>Une révision git (ce dossier n’est pas dans un dépôt git)</translation>
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
    <name>FileCommands</name>
    <message>
        <source>Scenario folder recreated</source>
        <translation>Dossier du scénario recréé</translation>
    </message>
    <message>
        <source>{folder} was gone from the disk. Every file the studio holds was written there again: {count} file(s).</source>
        <translation>{folder} avait disparu du disque. Tous les fichiers que le studio garde en mémoire y ont été réécrits : {count} fichier(s).</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(aucun pour l&apos;instant)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Vider la liste</translation>
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
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Create in</source>
        <translation>Créer dans</translation>
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
    <message>
        <source>Use “{suggestion}”?</source>
        <translation>Utiliser « {suggestion} » ?</translation>
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
    <name>PrefixBar</name>
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
        <source>use only ASCII letters (a–z, A–Z), digits (0–9), &apos;_&apos; and &apos;-&apos; in the file name, starting with a letter or a digit</source>
        <translation>n&apos;utilisez dans le nom du fichier que des lettres ASCII (a–z, A–Z), des chiffres (0–9), « _ » et « - », en commençant par une lettre ou un chiffre</translation>
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
    <name>StepForm</name>
    <message>
        <source>Outcome</source>
        <translation>Issue</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Signal</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>Left out</source>
        <translation>Laissés de côté</translation>
    </message>
    <message>
        <source>{names} (not conversation logs)</source>
        <translation>{names} (pas des journaux de conversation)</translation>
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
    <name>TextFileEditor</name>
    <message>
        <source>An action step calls a function or an API (see “Action” in the step form) and makes no model call: it has no instruction file. The step after it talks, and can use its results as {{placeholders}}.</source>
        <translation>Une étape d’action appelle une fonction ou une API (voir « Action » dans le formulaire de l’étape) et ne fait aucun appel au modèle : elle n’a pas de fichier d’instructions. L’étape suivante parle, et peut utiliser ses résultats comme {{placeholders}}.</translation>
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
        <source>Not run: this folder&apos;s Python actions are not trusted.</source>
        <translation>Non lancée : les actions Python de ce dossier ne sont pas approuvées.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Exécution…</translation>
    </message>
    <message>
        <source>Run this folder&apos;s Python actions?</source>
        <translation>Exécuter les actions Python de ce dossier ?</translation>
    </message>
    <message>
        <source>%s is code: running its actions runs it, with your rights. Run the Python actions of this folder (the studio remembers your answer)?</source>
        <translation>%s est du code : exécuter ses actions l’exécute, avec vos droits. Exécuter les actions Python de ce dossier (le studio retient votre réponse) ?</translation>
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
        <source>turn {turn} · {step}</source>
        <translation>tour {turn} · {step}</translation>
    </message>
    <message>
        <source>Select to scroll the chat to this turn</source>
        <translation>Sélectionner pour faire défiler la conversation jusqu’à ce tour</translation>
    </message>
</context>
</TS>
