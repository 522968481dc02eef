// Decoder idioms of obfuscated PDF JavaScript, matched in scripts and decoded streams (including
// scripts hidden in XFA, annotations or stream objects the action graph does not reach).

rule pdf_js_eval_of_decoded_string
{
    meta:
        description = "eval of a string decoded at run time (unescape, fromCharCode, replace)"
        attack = "T1027"
    strings:
        $a = /eval\s*\(\s*(unescape|String\.fromCharCode|decodeURIComponent|atob)\s*\(/
        $b = /eval\s*\(\s*[A-Za-z_$][\w$]*\s*\.\s*replace\s*\(/
        $c = /\[\s*["']e["']\s*\+\s*["']v["']\s*\+\s*["']a["']\s*\+\s*["']l["']\s*\]/
    condition:
        any of them
}

rule pdf_js_charcode_decoder_loop
{
    meta:
        description = "String.fromCharCode over an array element with arithmetic: a decryption loop"
        attack = "T1140"
    strings:
        $loop = /String\.fromCharCode\s*\(\s*[A-Za-z_$][\w$]*\s*\[\s*[A-Za-z_$][\w$]*\s*\]\s*[-+^]\s*[\w$]+\s*\)/
        $xor = /charCodeAt\s*\(\s*[A-Za-z_$][\w$]*\s*\)\s*\^\s*[\w$]+/
    condition:
        any of them
}

rule pdf_js_escaped_binary_blob
{
    meta:
        description = "long %u / \\x escaped binary string: shellcode or spray material in a script"
        attack = "T1027"
    strings:
        $u = /(%u[0-9A-Fa-f]{4}){64}/
        $x = /(\\x[0-9A-Fa-f]{2}){128}/
    condition:
        any of them
}
