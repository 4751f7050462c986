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
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
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
    <name>RequestInspector</name>
    <message>
        <source>Layout: {reason}</source>
        <translation>Disposition : {reason}</translation>
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
        <source>The log could not be saved: </source>
        <translation>Le journal n’a pas pu être enregistré : </translation>
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
        <source>Open Log from &amp;Server…</source>
        <translation>Ouvrir le journal d’un &amp;serveur…</translation>
    </message>
    <message>
        <source>Download a served conversation&apos;s log (prompter serve) and open it</source>
        <translation>Télécharger le journal d’une conversation servie (prompter serve) et l’ouvrir</translation>
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
</TS>
