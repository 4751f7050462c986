"""Publishing from the studio: *File ▸ Publish…* and *Tools ▸ Live versions* (issue 35).

    store        where a scenario is published: its store URL (QSettings, per scenario) and the
                 store's password (the system keyring, never the settings or a log)
    jobs         checks, plans and publishes off the UI thread (engine.serve.publish)
    dialog       File ▸ Publish…: tests, the graph diff against the live version, the migration
                 report, then the publish
    versions     Tools ▸ Live versions: the store's versions side by side, the selected one's
                 drop-off shaded on its graph
    studio       plugs both into the studio window, from the outside

It may import the foundation, the model, the graph and the analytics' shading; the studio's start
installs it (``app.publish.studio.install``).
"""
