/// The texts `loupe init` writes.
enum StarterFiles {
    static let settings = """
    # Settings for this content folder. Every key is optional: delete or comment out a line to use
    # the default shown. The full reference is docs/formats.md in the Loupe repository.

    # The site's name: page header, browser tab, home page heading.
    title: My Deck

    # One sentence on the home page and in <meta name="description">.
    description: A study site made with Loupe.

    # The language of the pages (<html lang>).
    # language: en

    # The key under which browsers store study progress and notes for this deck. Keep it fixed once
    # people study with the site, or their progress is no longer found. Default: the title as a slug.
    # deck_name: my-deck

    # The locale for money amounts in session documents, e.g. en_IE, en_GB, de_DE.
    # locale: en_IE

    # Not used by any page yet.
    # base_url: https://example.org/deck/

    # Printable acuity charts: one chart per distance and optotype. Empty lists mean no charts.
    # charts:
    #   distances: [40cm, 3m, 4m, 20ft]         # cm, m or ft
    #   optotypes: [sloan, tumbling-e, landolt-c]
    #   paper: a4                                # smallest paper tried: a4, letter, a3, tabloid, a2, a1, a0

    """

    static let about = """
    # About this deck

    Write here what the deck covers, who made it and how to use it. This file is Markdown; raw HTML
    is not allowed.

    """

    static let deck = "\tCategory\tTopic\tSubtopic\tImage\tImage Caption\tHeader 1\tInfo1\tHeader 2\tInfo2\n"
        + "1\tAnatomy\tThe Globe\tCoats of the Eye\teye-outline.svg\tOutline of the eye\t"
        + "# What are the three coats of the globe?\t\"1. Outer fibrous coat: cornea and sclera\n"
        + "2. Middle vascular coat: iris, ciliary body, choroid\n3. Inner neural coat: retina\"\t"
        + "# Average axial length of an adult eye?\t- About 24 mm\n"
        + "2\tAnatomy\tThe Globe\tChambers\tnil\tnil\t# How many chambers does the eye have?\t"
        + "\"- Anterior chamber\n- Posterior chamber\n- Vitreous chamber\"\tnil\tnil\n"

    static let image = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" width="400" height="240">
      <title>Outline of the eye</title>
      <ellipse cx="100" cy="60" rx="90" ry="50" fill="#fff" stroke="#333" stroke-width="3"/>
      <circle cx="100" cy="60" r="30" fill="#4a7fb5"/>
      <circle cx="100" cy="60" r="12" fill="#111"/>
    </svg>

    """

    static let deckReadme = """
    # deck/ (required)

    The review deck: one or more spreadsheet exports, `*.tsv` or `*.txt`, read in file-name order.
    Save the sheet from Excel as "Unicode Text" (UTF-16) or "Tab delimited Text"; UTF-8 works too.

    The header row names the columns: `Category`, `Topic`, `Subtopic`, `Image`, `Image Caption`,
    then pairs `Header 1`/`Info1`, `Header 2`/`Info2`, … Each row is one card. A header cell starting
    with `#` is a question; its Info cell is revealed on a tap. Info lines starting with `- `, `1.`,
    `(1)` or `* ` become lists and mnemonics.

    `images/` holds the pictures the `Image` column names (comma-separated for several, with
    `*`-separated captions). `example.tsv` and `images/eye-outline.svg` are an example: replace them.

    """

    static let breedsReadme = """
    # breeds/ (optional)

    Breed reference pages. Put saved responses of The Cat API or The Dog API `/v1/breeds` here as
    `*.json` (e.g. `cats.json`, `dogs.json`), and their photos as `images/<reference_image_id>.jpg`.

    """

    static let notesReadme = """
    # notes/ (optional)

    Notes shown on card pages: Markdown files whose front matter names the card
    (`---` / `card: anatomy/the-globe/coats-of-the-eye` / `---`), and notes exported from the
    site's Notes page (`*.json`).

    """

    static let outlinesReadme = """
    # outlines/ (optional)

    Templated clinical note outlines, one `*.json` file each, used by note sessions in `sessions/`.
    The format is described in docs/sessions.md of the Loupe repository.

    """

    static let progressReadme = """
    # progress/ (optional)

    Study progress exported from the site's Progress page (`study-export.json`) and the rehab
    games' history export (`games*.json`). The Progress page and study session documents use them.

    """

    static let folderReadme = """
    # A Loupe content folder

    Build the site with `loupe build --content FOLDER`, or preview it while you edit with
    `loupe serve --content FOLDER` (http://127.0.0.1:1313/, reloading by itself).

    | path | required | what goes there |
    |---|---|---|
    | `loupe.yml` | no | the site's settings; every key is listed there, commented |
    | `about.md` | no | the About page, in Markdown |
    | `deck/` | yes | the review deck exports (`*.tsv`, `*.txt`) and `deck/images/` (see `deck/README.md`) |
    | `breeds/` | no | The Cat API / The Dog API breed data (see `breeds/README.md`) |
    | `notes/` | no | notes on cards (see `notes/README.txt`) |
    | `outlines/` | no | clinical note outlines (see `outlines/README.md`) |
    | `progress/` | no | study progress and games history exported from the site (see `progress/README.md`) |
    | `sessions/` | no | personal session records, below |
    | `templates/` | no | your versions of Loupe's templates (see `templates/README.md`) |

    ## sessions/ (optional)

    Personal session records, turned into documents under `sessions/` of the site (never linked from
    navigation or search): acuity app exports (`*.csv`), acuity chart tests, note sessions and
    veterinary incidents (`*.json`). The formats are described in docs/sessions.md. Put nothing
    else in that folder: every other file is reported as "not a session file".

    """

    static let templatesReadme = """
    # templates/ (optional)

    Your own versions of Loupe's templates. Loupe's built-in templates are used for every file not
    found here, so put only the files you change. `loupe templates export DIR` writes all the
    built-in ones into DIR to start from; copy the ones you want here, keeping their paths
    (`card.md`, `layout.html`, `assets/site.css`, `sessions/acuity.md`).

    """
}
