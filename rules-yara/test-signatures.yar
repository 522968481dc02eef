// Industry test signatures: strings security products detect by agreement, so an operator can check
// that a scanner is in the path without handling malware (EICAR for anti-virus, GTUBE for anti-spam,
// Microsoft's AMSI test sample for script scanning). Tagged test_signature: the analyzer reports them
// as antivirus-test-signature, not as yara-match. Found as written, as UTF-16, and base64-encoded
// (attachments in XFA datasets, data: URIs). Characters are written as \x escapes so that this file
// does not itself contain the strings (anti-virus products would flag the repository).

rule test_signature_eicar : test_signature
{
    meta:
        description = "EICAR anti-virus test file"
        signature = "eicar"
    strings:
        $plain = "\x58\x35\x4f!P%@AP[4\\PZX54(P^)7CC)7}$\x45\x49\x43\x41\x52-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*" ascii wide
        $base64 = "\x58\x35\x4f!P%@AP[4\\PZX54(P^)7CC)7}$\x45\x49\x43\x41\x52-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*" base64 base64wide
        // inside a PDF or JavaScript string literal: \ ( ) escaped with a backslash
        $escaped = "\x58\x35\x4f!P%@AP[4\\\\PZX54\\(P^\\)7CC\\)7}$\x45\x49\x43\x41\x52-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*" ascii
    condition:
        any of them
}

rule test_signature_gtube : test_signature
{
    meta:
        description = "GTUBE anti-spam test string"
        signature = "gtube"
    strings:
        $plain = "\x58\x4a\x53*C4JDBQADN1.NSBN3*2IDNEN*\x47\x54\x55\x42\x45-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X" ascii wide
        $base64 = "\x58\x4a\x53*C4JDBQADN1.NSBN3*2IDNEN*\x47\x54\x55\x42\x45-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X" base64 base64wide
    condition:
        any of them
}

rule test_signature_amsi : test_signature
{
    meta:
        description = "AMSI (Windows Antimalware Scan Interface) test sample"
        signature = "amsi"
    strings:
        $plain = "\x41\x4d\x53\x49 Test Sample: 7e72c3ce-861b-4339-8740-0ac1484c1386" ascii wide
        $base64 = "\x41\x4d\x53\x49 Test Sample: 7e72c3ce-861b-4339-8740-0ac1484c1386" base64 base64wide
    condition:
        any of them
}
