"""Private I/O: how the engine touches files and text it did not write itself.

    atomic        writes that a crash or a full disk never leave half done
    untrusted     the one bounded reader of files someone else gave us (regular files, size first,
                  inside their folder)
    terminal      the one sanitiser of what the command line prints (no control characters)
    redact        the API key kept out of everything written
    input_limits  the limits every reader of untrusted input shares
    resources     where Prompter's own files are (source tree or frozen bundle)
    config_folder the user's config folder (provider profiles; ``PROMPTER_CONFIG_DIR``)
    tls           the one TLS context every HTTPS client of the process shares

It may import only :mod:`engine.errors`; everything else in the engine builds on it. It is not
part of the public API (:mod:`engine`): the studio and the command line use it, embedders need not.
"""
