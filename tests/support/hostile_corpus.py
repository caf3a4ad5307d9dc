"""Write the hostile-input corpus (``tests/data/hostile/``): one file a case, across every reader,
and ``cases.csv`` naming each case's command. ``tests/test_hostile_corpus.py`` runs every case
and checks what it must never do (a traceback, a silent drop, a changed input) against the
exit code and the words the manifest says.

Run it again after adding a case (``python -m tests.support.hostile_corpus``); the expected
exit codes and the start of each first message in ``expected.csv`` were taken from a run and
read case by case (an exit 0 with no word is a file that reads whole: a BOM, CRLF or lone-CR
line ends, UTF-16 or Latin-1, a comment line). A field over 131,072 characters is refused
in every reader (``formats/bounds.py``).
"""

from __future__ import annotations

import csv
from collections.abc import Callable

from tests.support.paths import DATA

HERE = DATA / "hostile"

T_HEADER = "board,ns,ew,contract,declarer,result\n"
T_LINES = "1,1,2,4S,N,10\n1,3,4,4S,N,9\n"
TRAVELLER = T_HEADER + T_LINES

PBN = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
1 2 4S N 10
3 4 4S N 9
"""

LIN = (
    "pn|Ann,Bob,Cat,Dan|st||md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,"
    "S2H5432D5432C5432|sv|o|ah|Board 1|qx|o1|mb|4S|mb|p|mb|p|mb|p|pc|SA|mc|10|\n"
)

USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="PAIRS">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
{lines}
</BOARD>
</EVENT>
</USEBIO>
"""
U_LINE = (
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
    "<SCORE>{score}</SCORE></TRAVELLER_LINE>"
)
U_LINES = (
    U_LINE.format(ns=1, ew=2, tricks=10, score=420)
    + "\n"
    + U_LINE.format(ns=3, ew=4, tricks=9, score=-50)
)

NAMES = "pair,names\n1NS,Ann & Bob\n1EW,Cat & Dan\n"
TEAMS = "team,name,players\n1,Ashdown,Ann\n2,Brampton,Bill\n"
RUBBER = "4S N 10\n3NT S 9\n"
CHICAGO = "2H N 8\n2S S 8\n1NT E 7\n3NT W 9\n"
VP = "min_imps,max_imps,winner,loser\n0,1,10,10\n2,4,11,9\n5,,12,8\n"


def cases() -> list[tuple[str, str, bytes]]:
    """(file name, command with {file}, content) of every case."""
    found: list[tuple[str, str, bytes]] = []

    def add(name: str, command: str, content: object) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        assert isinstance(data, bytes)
        found.append((name, command, data))

    score = "score {file}"
    # Traveller CSV
    t: Callable[[str], str] = lambda lines: T_HEADER + lines  # noqa: E731
    for name, content in [
        ("empty", ""),
        ("header-only", T_HEADER),
        ("no-header", T_LINES),
        ("bom", "\ufeff" + TRAVELLER),
        ("blank-lines", T_HEADER + "\n\n" + T_LINES + "\n"),
        ("control-char", t("1,1,2,4S\x1b[31m,N,10\n")),
        ("bidi-override", t("1,1\u202e,2,4S,N,10\n1,3,4,4S,N,9\n")),
        ("board-exponent", t("1e3,1,2,4S,N,10\n")),
        ("board-fullwidth", t("\uff11,1,2,4S,N,10\n")),
        ("board-underscore", t("1_0,1,2,4S,N,10\n")),
        ("board-zero", t("0,1,2,4S,N,10\n")),
        ("board-negative", t("-1,1,2,4S,N,10\n")),
        ("board-huge", t("1000000000,1,2,4S,N,10\n")),
        ("pair-against-itself", t("1,1NS,1NS,4S,N,10\n")),
        ("pair-empty", t("1,,2,4S,N,10\n")),
        ("missing-column", "board,ns,ew,contract,declarer\n1,1,2,4S,N\n"),
        ("unknown-column", "board,ns,ew,contract,declarer,result,colour\n1,1,2,4S,N,10,red\n"),
        ("repeated-column", "board,ns,ew,contract,declarer,result,ns\n1,1,2,4S,N,10,1\n"),
        ("too-many-fields", t("1,1,2,4S,N,10,extra\n")),
        ("too-few-fields", t("1,1,2,4S\n")),
        ("quote-open", t('1,"1,2,4S,N,10\n1,3,4,4S,N,9\n')),
        ("lone-cr", TRAVELLER.replace("\n", "\r")),
        ("crlf", TRAVELLER.replace("\n", "\r\n")),
        ("nul-byte", t("1,1,2,4S\x00,N,10\n")),
        ("long-field", t("1,1,2," + "4S" * 60_000 + ",N,10\n")),
        ("level-eight", t("1,1,2,8NT,N,10\n")),
        ("level-zero", t("1,1,2,0S,N,10\n")),
        ("strain-bad", t("1,1,2,4X,N,10\n")),
        ("declarer-bad", t("1,1,2,4S,Q,10\n")),
        ("tricks-fourteen", t("1,1,2,4S,N,14\n")),
        ("tricks-minus", t("1,1,2,4S,N,-11\n")),
        ("tricks-fullwidth", t("1,1,2,4S,N,\uff11\uff10\n")),
        ("result-text", t("1,1,2,4S,N,lots\n")),
        ("doubled-thrice", t("1,1,2,4SXXX,N,10\n")),
        ("passed-with-result", t("1,1,2,PASS,N,10\n")),
        ("hash-pair", "ns,ew,board,contract,declarer,result\n#1,2,1,4S,N,10\n3,4,1,4S,N,9\n"),
        ("comment-before-header", "# our club\n" + TRAVELLER),
        ("comment-after-header", T_HEADER + "# a note\n" + T_LINES),
        ("played-twice", t("1,1,2,4S,N,10\n1,1,4,4S,N,9\n")),
        ("score-column-fullwidth", "board,ns,ew,score\n1,1,2,\uff14\uff12\uff10\n1,3,4,-50\n"),
        ("score-column-underscore", "board,ns,ew,score\n1,1,2,4_20\n1,3,4,-50\n"),
        ("score-impossible", "board,ns,ew,score\n1,1,2,421\n1,3,4,-50\n"),
        (
            "round-huge",
            "board,ns,ew,contract,declarer,result,round\n1,1,2,4S,N,10,99999999999999\n",
        ),
        ("table-huge", "board,ns,ew,contract,declarer,result,table\n1,1,2,4S,N,10,1000000000\n"),
        ("lead-bad", "board,ns,ew,contract,declarer,result,lead\n1,1,2,4S,N,10,ZZ\n"),
        ("binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
        ("xml-as-csv", USEBIO.format(lines=U_LINES)),
        ("latin-1", T_HEADER.encode() + "1,1,2,4S,N,10\n1,3,4,4S,N,9\n".encode("latin-1")),
        ("utf-16", TRAVELLER.encode("utf-16")),
        ("teams-shaped", t("1,1,2,4S,N,10\n1,2,1,4S,N,9\n2,1,2,3NT,N,9\n2,2,1,3NT,N,9\n")),
    ]:
        add(f"travellers-{name}.csv", score, content)
    # Names files (scored with the traveller file t.csv beside them)
    names = "score t.csv --names {file}"
    for name, content in [
        ("control-char", "pair,names\n1NS,Ann\x1b[31mRED\x1b]0;pwned\x07 & Bob\n"),
        ("bidi-override", "pair,names\n1NS,\u202eevil.exe\u202c\n"),
        ("c1-control", "pair,names\n1NS,Ann\x9b31m & Bob\n"),
        ("delete-char", "pair,names\n1NS,Ann\x7f & Bob\n"),
        ("unknown-pair", "pair,names\n99NS,Ann & Bob\n"),
        ("bare-number", "pair,names\n1,Ann & Bob\n"),
        ("no-header", "1NS,Ann & Bob\n"),
        ("empty", ""),
        ("extra-field", "pair,names\n1NS,Ann & Bob,extra\n"),
        ("repeated-pair", "pair,names\n1NS,Ann & Bob\n1NS,Cat & Dan\n"),
        ("utf-16", "pair,names\n1NS,Ann & Bob\n".encode("utf-16")),
        ("latin-1", "pair,names\n1NS,Zoë & Bob\n".encode("latin-1")),
        ("long-name", "pair,names\n1NS," + "A" * 200_000 + "\n"),
        ("binary", b"\x00\x01\x02\x03"),
    ]:
        add(f"names-{name}.csv", names, content)
    # Teams files (with the bundled teams results)
    teams = "teams teams-results.csv --teams {file}"
    for name, content in [
        ("control-char", "team,name\n1,Ash\x1b[2J\n"),
        ("bidi-override", "team,name\n1,\u202eevil\n"),
        ("unknown-team", "team,name\n99,Nobody\n"),
        ("no-header", "1,Ashdown\n"),
        ("empty", ""),
        ("hash-team", "team,name\n#1,Ashdown\n"),
        ("repeated-team", "team,name\n1,Ashdown\n1,Brampton\n"),
        ("utf-16", "team,name\n1,Ashdown\n".encode("utf-16")),
        ("binary", b"\xff\xfe\x00\x00garbage"),
        ("extra-field", "team,name\n1,Ashdown,x,y\n"),
    ]:
        add(f"teams-{name}.csv", teams, content)
    # PBN
    pbn = "score {file}"
    for name, content in [
        ("empty", ""),
        ("deals-only", PBN.split("[Declarer", maxsplit=1)[0]),
        ("unterminated-tag", '[Board "1"\n[Deal "N:..."]\n'),
        ("control-char-names", PBN.replace('[Event "Club"]', '[Event "Club\x1b[31m"]')),
        ("bidi-event", PBN.replace('[Event "Club"]', '[Event "\u202eClub"]')),
        ("board-text", PBN.replace('[Board "1"]', '[Board "one"]')),
        ("board-exponent", PBN.replace('[Board "1"]', '[Board "1e3"]')),
        ("deal-short", PBN.replace("AKQJ.AKQ.AKQ.AKQ", "AKQ.AKQ.AKQ.AKQ")),
        ("deal-twice-card", PBN.replace("AKQJ.AKQ", "AKQJ.AKA")),
        ("vulnerable-bad", PBN.replace('"None"', '"Sometimes"')),
        ("dealer-bad", PBN.replace('[Dealer "N"]', '[Dealer "Q"]')),
        ("table-level-eight", PBN.replace("1 2 4S N 10", "1 2 8S N 10")),
        ("table-tricks-fourteen", PBN.replace("1 2 4S N 10", "1 2 4S N 14")),
        ("table-declarer-bad", PBN.replace("1 2 4S N 10", "1 2 4S Q 10")),
        ("table-pair-itself", PBN.replace("1 2 4S N 10", "1 1 4S N 10")),
        ("table-fields-short", PBN.replace("1 2 4S N 10", "1 2 4S")),
        ("table-columns-bad", PBN.replace("PairId_NS\\2R", "PairId_NS\\zz")),
        ("utf-16", PBN.encode("utf-16")),
        ("latin-1", PBN.replace("Club", "Café").encode("latin-1")),
        ("binary", b"\x00PBN\xff\xfe"),
        ("long-tag", PBN.replace('[Event "Club"]', '[Event "' + "x" * 200_000 + '"]')),
        ("comment-unclosed", "{ a comment that never ends\n" + PBN),
        ("nul-byte", PBN.replace("Club", "Cl\x00ub")),
        ("two-boards-same", PBN + "\n" + PBN.replace('[Event "Club"]\n', "")),
        ("result-text", PBN.replace("1 2 4S N 10", "1 2 4S N ten")),
    ]:
        add(f"pbn-{name}.pbn", pbn, content)
    # BBO LIN
    lin = "score {file}"
    for name, content in [
        ("empty", ""),
        ("board-zero", LIN.replace("qx|o1|", "qx|o0|")),
        ("board-huge", LIN.replace("qx|o1|", "qx|o10^20|")),
        ("names-control", LIN.replace("pn|Ann,", "pn|A\x1b[2Jnn,")),
        ("names-bidi", LIN.replace("pn|Ann,", "pn|\u202eAnn,")),
        ("hand-short", LIN.replace("3SAKQJH", "3SAKQH")),
        ("dealer-bad", LIN.replace("md|3", "md|9")),
        ("bid-bad", LIN.replace("mb|4S|", "mb|9Z|")),
        ("claim-bad", LIN.replace("mc|10|", "mc|15|")),
        ("truncated", LIN[:60]),
        ("no-auction", LIN.split("|mb|", maxsplit=1)[0] + "|\n"),
        ("binary", b"\xff\xd8\xff\xe0JFIF"),
        ("utf-16", LIN.encode("utf-16")),
        ("pipe-storm", "|" * 5000 + "\n"),
        ("name-too-long", LIN.replace("pn|Ann,", "pn|" + "A" * 200_000 + ",")),
    ]:
        add(f"lin-{name}.lin", lin, content)
    # USEBIO
    xml = "score {file}"
    usebio = USEBIO.format(lines=U_LINES)
    for name, content in [
        ("empty", ""),
        ("not-xml", "this is not XML\n"),
        ("wrong-root", "<?xml version='1.0'?><RESULTS/>\n"),
        ("no-event", "<?xml version='1.0'?><USEBIO Version='1.2'/>\n"),
        (
            "round-wrapper",
            usebio.replace("<BOARD>", "<ROUND><BOARD>").replace("</BOARD>", "</BOARD></ROUND>"),
        ),
        ("board-case", usebio.replace("<BOARD>", "<Board>").replace("</BOARD>", "</Board>")),
        ("traveler-us", usebio.replace("TRAVELLER_LINE", "TRAVELER_LINE")),
        (
            "nested-event",
            usebio.replace("<BOARD>", "<EVENT><BOARD>").replace("</BOARD>", "</BOARD></EVENT>"),
        ),
        (
            "entity",
            usebio.replace("<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY x "2">]>\n<USEBIO').replace(
                ">2<", ">&x;<", 1
            ),
        ),
        (
            "entity-utf-16",
            usebio.replace("UTF-8", "UTF-16")
            .replace("<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY x "2">]>\n<USEBIO')
            .replace(">2<", ">&x;<", 1)
            .encode("utf-16"),
        ),
        (
            "parameter-entity-utf-16",
            usebio.replace("UTF-8", "UTF-16")
            .replace("<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY % p "x">]>\n<USEBIO')
            .encode("utf-16"),
        ),
        (
            "xxe",
            usebio.replace(
                "<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<USEBIO'
            ).replace(">2<", ">&x;<", 1),
        ),
        (
            "billion-laughs",
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<USEBIO>&lol3;</USEBIO>\n',
        ),
        ("unclosed", usebio[: len(usebio) // 2]),
        ("board-number-text", usebio.replace("<BOARD_NUMBER>1<", "<BOARD_NUMBER>one<")),
        ("board-number-huge", usebio.replace("<BOARD_NUMBER>1<", "<BOARD_NUMBER>1000000000<")),
        ("score-text", usebio.replace("<SCORE>420<", "<SCORE>lots<")),
        ("score-exponent", usebio.replace("<SCORE>420<", "<SCORE>4.2e2<")),
        ("tricks-fourteen", usebio.replace("<TRICKS>10<", "<TRICKS>14<")),
        ("pair-missing", usebio.replace("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>", "")),
        ("pair-itself", usebio.replace("<EW_PAIR_NUMBER>2<", "<EW_PAIR_NUMBER>1<")),
        ("control-char", usebio.replace("<CONTRACT>4S<", "<CONTRACT>4S&#x1b;<")),
        (
            "bidi",
            usebio.replace(
                'EVENT_TYPE="PAIRS">',
                'EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>\u202eevil</EVENT_DESCRIPTION>',
            ),
        ),
        (
            "latin-1-undeclared",
            usebio.replace("<CONTRACT>4S", "<CONTRACT>4S\u00e9").encode("latin-1"),
        ),
        ("binary", b"\x00\x00\x00\x0cjP  \r\n\x87\n"),
        (
            "description-too-long",
            usebio.replace(
                'EVENT_TYPE="PAIRS">',
                'EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>' + "E" * 200_000 + "</EVENT_DESCRIPTION>",
            ),
        ),
    ]:
        add(f"usebio-{name}.xml", xml, content)
    # Rubber and Chicago sheets
    for name, content in [
        ("empty", ""),
        ("level-eight", "8S N 10\n"),
        ("declarer-bad", "4S Q 10\n"),
        ("tricks-fourteen", "4S N 14\n"),
        ("honours-bad", "4S N 10 honours=NS:90\n"),
        ("honours-side-bad", "4S N 10 honours=XY:100\n"),
        ("control-char", "4S N 10 # \x1b[2J\n"),
        ("utf-16", RUBBER.encode("utf-16")),
        ("latin-1", "4S N 10 # Zoë\n".encode("latin-1")),
        ("binary", b"\x00\x01\xff"),
        ("fullwidth-tricks", "4S N \uff11\uff10\n"),
        ("garbage-line", "4S N 10\nhello world\n"),
    ]:
        add(f"rubber-{name}.txt", "rubber {file}", content)
    for name, content in [
        ("empty", ""),
        ("level-eight", "8S N 10\n"),
        ("five-deals", CHICAGO + "1NT N 7\n"),
        ("control-char", "2H N 8 # \x1b]0;pwned\x07\n"),
        ("utf-16", CHICAGO.encode("utf-16")),
        ("tricks-minus", "2H N -8\n"),
        ("binary", b"\xfe\xff\x00"),
    ]:
        add(f"chicago-{name}.txt", "chicago {file}", content)
    # Victory Point scales
    vp = "vp 2 --boards 16 --vp {file}"
    h = "min_imps,max_imps,winner,loser\n"
    for name, content in [
        ("empty", ""),
        ("no-header", "0,1,10,10\n2,,11,9\n"),
        ("exponent", h + "0,1,10,10\n2,1e3,11,9\n"),
        ("fullwidth", h + "0,1,10,10\n\uff12,,11,9\n"),
        ("underscore", h + "0,1,10,10\n2,1_0,11,9\n"),
        ("descending", h + "0,1,10,10\n5,,12,8\n2,4,11,9\n"),
        ("control-char", h + "0,1,10\x1b,10\n2,,11,9\n"),
        ("utf-16", VP.encode("utf-16")),
        ("text", h + "zero,one,ten,ten\n"),
        ("negative", h + "-1,1,10,10\n2,,11,9\n"),
        ("gap", h + "0,1,10,10\n5,,12,8\n"),
        ("overlap", h + "0,3,10,10\n2,,11,9\n"),
        ("sum-wrong", h + "0,1,10,10\n2,,15,9\n"),
        ("no-open-end", h + "0,1,10,10\n2,4,11,9\n"),
        ("line-too-long", h + "0,1,10,10\n2," + "9" * 200_000 + ",11,9\n"),
    ]:
        add(f"vp-{name}.csv", vp, content)
    # Movement files
    for name, content in [
        ("nested-deep", "[" * 100_000 + "]" * 100_000),
        ("not-json", "{kind: mitchell}\n"),
        ("empty", ""),
        ("kind-unknown", '{"kind": "bump"}\n'),
    ]:
        add(f"movement-{name}.json", "movement show {file}", content)
    # Hand records of dealing machines (converted to PBN)
    deals = "deals convert {file} out.pbn"
    for name, content in [
        ("dup-empty", ""),
        ("dup-short", "x" * 50),
        ("dup-binary", b"\x00" * 200),
        ("dlm-garbage", "[Document]\nhello\n"),
        ("bri-short", "123456789"),
        ("dge-garbage", b"\xff" * 100),
    ]:
        ext = name.split("-")[0]
        add(f"deals-{name}.{ext}", deals, content)
    return found


def main() -> None:
    (HERE / "t.csv").write_text(TRAVELLER, encoding="utf-8")
    teams_results = "round,board,ns,ew,contract,declarer,result\n" + "".join(
        f"1,{b},{h},{a},4S,N,{t}\n" for b in (1, 2) for h, a, t in (("1", "2", 10), ("2", "1", 9))
    )
    (HERE / "teams-results.csv").write_text(teams_results, encoding="utf-8")
    with (HERE / "cases.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["file", "command"])
        for name, command, data in cases():
            (HERE / name).write_bytes(data)
            writer.writerow([name, command])


if __name__ == "__main__":
    main()
