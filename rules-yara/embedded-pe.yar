// Windows executables carried inside a document: in clear (uncompressed stream, data after %%EOF,
// decoded attachment) or XOR-encoded with one byte, as droppers of the CVE-2010-2883 era stored them
// so the PE header would not show.

rule pdf_embedded_pe
{
    meta:
        description = "PE executable (DOS stub and PE header) inside the scanned data"
        attack = "T1027.009"
    strings:
        $stub = "This program cannot be run in DOS mode"
        $stub2 = "This program must be run under Win32"
        $pe = { 50 45 00 00 (4C 01 | 64 86 | 64 AA) }
    condition:
        ($stub or $stub2) and $pe
}

rule pdf_embedded_pe_xor
{
    meta:
        description = "PE executable DOS stub encoded with a one-byte XOR key"
        attack = "T1027.013"
    strings:
        $stub = "This program cannot be run in DOS mode" xor(1-255)
    condition:
        $stub
}
