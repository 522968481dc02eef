// x86 shellcode in decoded PDF data (streams, scripts). Exploits of the 2008-2013 Reader bugs put
// their payload in a stream or a JavaScript string; once decoded it is raw machine code.

rule pdf_shellcode_nop_sled_getpc
{
    meta:
        description = "NOP sled followed by a GetPC idiom (call/pop or fnstenv)"
        attack = "T1203"
    strings:
        // 16 NOPs, then within 512 bytes: call $+5 ; pop reg
        $sled_call = { 90 90 90 90 90 90 90 90 90 90 90 90 90 90 90 90 [0-512] E8 00 00 00 00 (58 | 59 | 5A | 5B | 5D | 5E | 5F) }
        // 16 NOPs, then an FPU instruction and fnstenv [esp-0Ch] (Metasploit shikata_ga_nai and friends)
        $sled_fpu = { 90 90 90 90 90 90 90 90 90 90 90 90 90 90 90 90 [0-512] (D9 EE | D9 E8 | D9 EB | D9 EC | D9 ED | D9 D0 | DB E1 | DA C1 | DA C9 | DD C1 | D9 C9) [0-6] D9 74 24 F4 }
    condition:
        any of them
}

rule pdf_shellcode_peb_api_hashing
{
    meta:
        description = "shellcode that finds kernel32 through the PEB and resolves APIs by ROR-13 hash"
        attack = "T1106"
    strings:
        // mov reg, fs:[30h]
        $peb = { 64 (A1 | 8B (05 | 0D | 15 | 1D | 25 | 2D | 35 | 3D)) 30 00 00 00 }
        // xor eax,eax ; mov reg, fs:[eax+30h]
        $peb_eax = { 31 C0 64 8B (40 | 48 | 50 | 58 | 68 | 70 | 78) 30 }
        // ror edi, 0Dh ; add edi, eax   (block_api hashing)
        $ror13 = { C1 (CA | CB | CE | CF) 0D (01 | 03) }
    condition:
        ($peb or $peb_eax) and $ror13
}
