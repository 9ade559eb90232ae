/// The Python program that renders a batch of documents with WeasyPrint in one process, so the engine
/// is imported once per batch rather than once per document.
///
/// Arguments: the work folder and the job list's file name in it. Each job names its HTML file, its PDF
/// file (both in the work folder) and its extra style sheet and metadata. One JSON line per job goes to
/// stdout (`{"pdf": …}` or `{"pdf": …, "error": …}`). Exit status 3: WeasyPrint cannot be imported.
///
/// Nothing is fetched (session documents are standalone: a fetch is refused), no base URL is given (so no
/// path of this machine ends up in a link), and no creation or modification time is written, so the same
/// document gives the same bytes.
enum WeasyPrintDriver {
    /// Exit status when the `weasyprint` package cannot be imported.
    static let missingEngineStatus: Int32 = 3

    /// Exits 0 when the interpreter can import WeasyPrint, 3 otherwise, without importing it (fast).
    static let probe = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('weasyprint') else 3)"

    /// Prints WeasyPrint's version and the file it is imported from, or exits 3 when it cannot be
    /// imported; like ``probe``, without importing it.
    static let versionProbe = """
    import importlib.util, sys
    spec = importlib.util.find_spec('weasyprint')
    if spec is None:
        sys.exit(3)
    try:
        from importlib.metadata import version
        found = version('weasyprint')
    except Exception:
        found = 'unknown'
    print(found, spec.origin)
    """

    static let source = #"""
    import json, logging, os, sys
    try:
        from weasyprint import CSS, HTML
    except Exception as error:
        sys.stderr.write("cannot import weasyprint: %s\n" % error)
        sys.exit(3)

    # Unsupported-CSS warnings would only be noise for the user: the style sheets are Loupe's own.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)

    # Session documents are standalone: embedded photos are data: URIs, and nothing else is ever fetched.
    try:
        from weasyprint.urls import URLFetcher
        refuse = URLFetcher(allowed_protocols=["data"])
    except ImportError:  # WeasyPrint before 63 (Debian's package): a fetcher is a function
        from weasyprint import default_url_fetcher

        def refuse(url, *args, **kwargs):
            if url.startswith("data:"):
                return default_url_fetcher(url, *args, **kwargs)
            raise ValueError("session documents are standalone; not fetching " + url)

    folder, job_file = sys.argv[1], sys.argv[2]
    with open(os.path.join(folder, job_file), encoding="utf-8") as handle:
        jobs = json.load(handle)
    for job in jobs:
        try:
            with open(os.path.join(folder, job["html"]), encoding="utf-8") as handle:
                html = handle.read()
            document = HTML(string=html, url_fetcher=refuse).render(stylesheets=[CSS(string=job["css"])])
            metadata = document.metadata
            metadata.title = job["title"]
            metadata.description = job["subject"]
            metadata.lang = job["language"]
            metadata.generator = job["generator"]
            metadata.authors = []
            metadata.keywords = []
            metadata.created = None
            metadata.modified = None
            target = os.path.join(folder, job["pdf"])
            try:
                document.write_pdf(target, pdf_tags=True)
            except TypeError:
                # WeasyPrint before 63 has no tagged PDF option.
                document.write_pdf(target)
            print(json.dumps({"pdf": job["pdf"]}), flush=True)
        except Exception as error:
            print(json.dumps({"pdf": job["pdf"], "error": str(error) or type(error).__name__}), flush=True)
    """#
}
