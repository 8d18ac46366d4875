//! DEFLATE (RFC 1951) as Go's `compress/flate` writes it at levels 2–9:
//! the same hash chains, lazy matching, block splitting (every 16,384
//! tokens), choice between stored, fixed and dynamic blocks, and Huffman
//! code construction (its package-merge `bitCounts`), so that the bytes,
//! and the hashes over them that providers report, are Go's.
//!
//! ```
//! use hcl_playground::archive::deflate::Deflater;
//!
//! let mut d = Deflater::new(6);
//! d.write(b"hello, hello, hello");
//! let bytes = d.close();
//! assert_eq!(bytes, [202, 72, 205, 201, 201, 215, 81, 64, 166, 0, 1, 0, 0, 255, 255]);
//! ```

const WINDOW_SIZE: usize = 1 << 15;
const WINDOW_MASK: usize = WINDOW_SIZE - 1;
const BASE_MATCH_LENGTH: usize = 3;
const MIN_MATCH_LENGTH: usize = 4;
const MAX_MATCH_LENGTH: usize = 258;
const BASE_MATCH_OFFSET: usize = 1;
const MAX_FLATE_BLOCK_TOKENS: usize = 1 << 14;
const MAX_STORE_BLOCK_SIZE: usize = 65535;
const HASH_BITS: u32 = 17;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: u32 = (1 << HASH_BITS) - 1;
const MAX_HASH_OFFSET: usize = 1 << 24;
const HASH_MUL: u32 = 0x1e35a7bd;

/// Per level: (good, lazy, nice, chain). Levels 2 and 3, which skip lazy
/// matching, are not offered: nothing here writes them.
const LEVELS: [(usize, usize, usize, usize); 8] = [
    (4, 0, 16, 8),
    (4, 0, 32, 32),
    (4, 4, 16, 16),
    (8, 16, 32, 32),
    (8, 16, 128, 128),
    (8, 32, 128, 256),
    (32, 128, 258, 1024),
    (32, 258, 258, 4096),
];

/// A token: a literal byte, or a match of `length - 3` at `offset - 1`.
#[derive(Clone, Copy)]
enum Token {
    Literal(u8),
    Match { length: u16, offset: u16 },
}

/// Go's compressor, written to with [`Deflater::write`] call for call as
/// Go's `Writer.Write` is called (how input is cut into writes can move
/// where its window slides), then [`Deflater::flush`] and
/// [`Deflater::close`].
pub struct Deflater {
    good: usize,
    lazy: usize,
    nice: usize,
    chain: usize,
    window: Vec<u8>,
    window_end: usize,
    index: usize,
    block_start: usize,
    byte_available: bool,
    sync: bool,
    tokens: Vec<Token>,
    length: usize,
    offset: usize,
    max_insert_index: usize,
    chain_head: isize,
    hash_head: Vec<u32>,
    hash_prev: Vec<u32>,
    hash_offset: usize,
    huffman: BitWriter,
}

fn hash4(b: &[u8]) -> u32 {
    (u32::from_be_bytes([b[0], b[1], b[2], b[3]]).wrapping_mul(HASH_MUL)) >> (32 - HASH_BITS)
}

impl Deflater {
    /// A compressor at `level` (4 to 9; Go's default, -1, is 6).
    pub fn new(level: i32) -> Deflater {
        let level = if level == -1 { 6 } else { level.clamp(4, 9) };
        let (good, lazy, nice, chain) = LEVELS[level as usize - 2];
        Deflater {
            good,
            lazy,
            nice,
            chain,
            window: vec![0; 2 * WINDOW_SIZE],
            window_end: 0,
            index: 0,
            block_start: 0,
            byte_available: false,
            sync: false,
            tokens: Vec::with_capacity(MAX_FLATE_BLOCK_TOKENS + 1),
            length: MIN_MATCH_LENGTH - 1,
            offset: 0,
            max_insert_index: 0,
            chain_head: -1,
            hash_head: vec![0; HASH_SIZE],
            hash_prev: vec![0; WINDOW_SIZE],
            hash_offset: 1,
            huffman: BitWriter::default(),
        }
    }

    /// Go's `Writer.Write(b)`.
    pub fn write(&mut self, mut b: &[u8]) {
        while !b.is_empty() {
            self.deflate();
            let n = self.fill(b);
            b = &b[n..];
        }
    }

    /// Go's `Writer.Flush`: what was written so far, then an empty stored
    /// block.
    pub fn flush(&mut self) {
        self.sync = true;
        self.deflate();
        self.huffman.out.stored_header(0, false);
        self.huffman.out.flush();
        self.sync = false;
    }

    /// Go's `Writer.Close`: the rest, a final empty stored block, and the
    /// bytes written.
    pub fn close(mut self) -> Vec<u8> {
        self.sync = true;
        self.deflate();
        self.huffman.out.stored_header(0, true);
        self.huffman.out.flush();
        self.huffman.out.bytes
    }

    fn fill(&mut self, b: &[u8]) -> usize {
        if self.index >= 2 * WINDOW_SIZE - (MIN_MATCH_LENGTH + MAX_MATCH_LENGTH) {
            self.window.copy_within(WINDOW_SIZE..2 * WINDOW_SIZE, 0);
            self.index -= WINDOW_SIZE;
            self.window_end -= WINDOW_SIZE;
            self.block_start = if self.block_start >= WINDOW_SIZE { self.block_start - WINDOW_SIZE } else { usize::MAX };
            self.hash_offset += WINDOW_SIZE;
            if self.hash_offset > MAX_HASH_OFFSET {
                let delta = self.hash_offset - 1;
                self.hash_offset -= delta;
                self.chain_head -= delta as isize;
                for v in self.hash_prev.iter_mut().chain(self.hash_head.iter_mut()) {
                    *v = if *v as usize > delta { (*v as usize - delta) as u32 } else { 0 };
                }
            }
        }
        let n = b.len().min(self.window.len() - self.window_end);
        self.window[self.window_end..self.window_end + n].copy_from_slice(&b[..n]);
        self.window_end += n;
        n
    }

    fn write_block(&mut self, index: usize) {
        if index > 0 {
            let window = (self.block_start <= index).then(|| &self.window[self.block_start..index]);
            self.huffman.write_block(&self.tokens, window);
            self.block_start = index;
        }
        self.tokens.clear();
    }

    fn find_match(&self, pos: usize, prev_head: usize, prev_length: usize, lookahead: usize) -> Option<(usize, usize)> {
        let min_match_look = MAX_MATCH_LENGTH.min(lookahead);
        let win = &self.window[..pos + min_match_look];
        let nice = self.nice.min(win.len() - pos);
        let mut tries = self.chain;
        let mut length = prev_length;
        if length >= self.good {
            tries >>= 2;
        }
        let mut w_end = win[pos + length];
        let w_pos = &win[pos..];
        let min_index = pos as isize - WINDOW_SIZE as isize;
        let mut found = None;
        let mut i = prev_head as isize;
        while tries > 0 {
            let iu = i as usize;
            if w_end == win[iu + length] {
                let n = win[iu..iu + min_match_look].iter().zip(&w_pos[..min_match_look]).take_while(|(a, b)| a == b).count();
                if n > length && (n > MIN_MATCH_LENGTH || pos - iu <= 4096) {
                    length = n;
                    found = Some((n, pos - iu));
                    if n >= nice {
                        break;
                    }
                    w_end = win[pos + n];
                }
            }
            if i == min_index {
                break;
            }
            i = self.hash_prev[iu & WINDOW_MASK] as isize - self.hash_offset as isize;
            if i < min_index || i < 0 {
                break;
            }
            tries -= 1;
        }
        found
    }

    fn insert(&mut self, index: usize) {
        let h = (hash4(&self.window[index..index + MIN_MATCH_LENGTH]) & HASH_MASK) as usize;
        self.hash_prev[index & WINDOW_MASK] = self.hash_head[h];
        self.hash_head[h] = (index + self.hash_offset) as u32;
    }

    fn deflate(&mut self) {
        if self.window_end - self.index < MIN_MATCH_LENGTH + MAX_MATCH_LENGTH && !self.sync {
            return;
        }
        self.max_insert_index = self.window_end.saturating_sub(MIN_MATCH_LENGTH - 1);
        loop {
            let lookahead = self.window_end - self.index;
            if lookahead < MIN_MATCH_LENGTH + MAX_MATCH_LENGTH {
                if !self.sync {
                    return;
                }
                if lookahead == 0 {
                    if self.byte_available {
                        self.tokens.push(Token::Literal(self.window[self.index - 1]));
                        self.byte_available = false;
                    }
                    if !self.tokens.is_empty() {
                        self.write_block(self.index);
                    }
                    return;
                }
            }
            if self.index < self.max_insert_index {
                let h = (hash4(&self.window[self.index..self.index + MIN_MATCH_LENGTH]) & HASH_MASK) as usize;
                self.chain_head = self.hash_head[h] as isize;
                self.hash_prev[self.index & WINDOW_MASK] = self.chain_head as u32;
                self.hash_head[h] = (self.index + self.hash_offset) as u32;
            }
            let prev_length = self.length;
            let prev_offset = self.offset;
            self.length = MIN_MATCH_LENGTH - 1;
            self.offset = 0;
            let min_index = self.index.saturating_sub(WINDOW_SIZE) as isize;
            let head = self.chain_head - self.hash_offset as isize;
            if head >= min_index && lookahead > prev_length && prev_length < self.lazy {
                if let Some((length, offset)) = self.find_match(self.index, head as usize, MIN_MATCH_LENGTH - 1, lookahead) {
                    self.length = length;
                    self.offset = offset;
                }
            }
            if prev_length >= MIN_MATCH_LENGTH && self.length <= prev_length {
                self.tokens.push(Token::Match {
                    length: (prev_length - BASE_MATCH_LENGTH) as u16,
                    offset: (prev_offset - BASE_MATCH_OFFSET) as u16,
                });
                let new_index = self.index + prev_length - 1;
                let mut index = self.index + 1;
                while index < new_index {
                    if index < self.max_insert_index {
                        self.insert(index);
                    }
                    index += 1;
                }
                self.index = index;
                self.byte_available = false;
                self.length = MIN_MATCH_LENGTH - 1;
                if self.tokens.len() == MAX_FLATE_BLOCK_TOKENS {
                    self.write_block(self.index);
                }
            } else {
                if self.byte_available {
                    let i = self.index - 1;
                    self.tokens.push(Token::Literal(self.window[i]));
                    if self.tokens.len() == MAX_FLATE_BLOCK_TOKENS {
                        self.write_block(i + 1);
                    }
                }
                self.index += 1;
                self.byte_available = true;
            }
        }
    }
}

const MAX_NUM_LIT: usize = 286;
const OFFSET_CODE_COUNT: usize = 30;
const END_BLOCK_MARKER: usize = 256;
const LENGTH_CODES_START: usize = 257;
const CODEGEN_CODE_COUNT: usize = 19;
const BAD_CODE: u8 = 255;

const LENGTH_EXTRA_BITS: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const LENGTH_BASE: [u16; 29] =
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 255];
const OFFSET_EXTRA_BITS: [u8; 30] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODEGEN_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// The length code (0–28) of a match of `length - 3`.
fn length_code(length: u16) -> usize {
    LENGTH_BASE.iter().rposition(|&b| b <= length).unwrap_or(0)
}

/// The offset code (0–29) of a match at `offset - 1`.
fn offset_code(offset: u16) -> usize {
    let offset = offset as u32;
    if offset < 4 {
        return offset as usize;
    }
    let high = 31 - offset.leading_zeros();
    (2 * high + ((offset >> (high - 1)) & 1)) as usize
}

fn offset_base(code: usize) -> u32 {
    if code < 4 {
        return code as u32;
    }
    let high = (code / 2) as u32;
    (2 + (code as u32 & 1)) << (high - 1)
}

#[derive(Clone, Copy, Default)]
struct Code {
    code: u16,
    len: u16,
}

fn reverse_bits(number: u16, len: u16) -> u16 {
    (number << (16 - len)).reverse_bits()
}

fn fixed_literal_codes() -> Vec<Code> {
    (0..MAX_NUM_LIT as u16)
        .map(|ch| {
            let (bits, len) = match ch {
                0..=143 => (ch + 48, 8),
                144..=255 => (ch + 400 - 144, 9),
                256..=279 => (ch - 256, 7),
                _ => (ch + 192 - 280, 8),
            };
            Code { code: reverse_bits(bits, len), len }
        })
        .collect()
}

fn fixed_offset_codes() -> Vec<Code> {
    (0..OFFSET_CODE_COUNT as u16).map(|ch| Code { code: reverse_bits(ch, 5), len: 5 }).collect()
}

/// Code-length code `code` (16: the last length again, 18: zeros) for
/// runs of `shortest` to `longest` while `count` allows one.
fn repeats(codegen: &mut [u8], out: &mut usize, freq: &mut [i32], count: &mut i32, code: u8, shortest: i32, longest: i32) {
    while *count >= shortest {
        let n = (*count).min(longest);
        codegen[*out] = code;
        codegen[*out + 1] = (n - shortest) as u8;
        *out += 2;
        freq[code as usize] += 1;
        *count -= n;
    }
}

fn bit_length(codes: &[Code], freq: &[i32]) -> usize {
    freq.iter().zip(codes).filter(|(f, _)| **f != 0).map(|(f, c)| *f as usize * c.len as usize).sum()
}

#[derive(Clone, Copy)]
struct LiteralNode {
    literal: u16,
    freq: i32,
}

/// Go's `huffmanEncoder.generate`: code lengths limited to `max_bits`
/// by its package-merge variant, codes assigned in literal order.
fn generate(codes: &mut [Code], freq: &[i32], max_bits: i32) {
    let mut list: Vec<LiteralNode> = Vec::with_capacity(freq.len() + 1);
    for (i, &f) in freq.iter().enumerate() {
        if f != 0 {
            list.push(LiteralNode { literal: i as u16, freq: f });
        } else {
            codes[i].len = 0;
        }
    }
    if list.len() <= 2 {
        for (i, node) in list.iter().enumerate() {
            codes[node.literal as usize] = Code { code: i as u16, len: 1 };
        }
        return;
    }
    list.sort_by(|a, b| a.freq.cmp(&b.freq).then(a.literal.cmp(&b.literal)));
    let bit_count = bit_counts(&mut list, max_bits);
    let mut code: u16 = 0;
    let mut rest = list.len();
    for (n, &bits) in bit_count.iter().enumerate() {
        code <<= 1;
        if n == 0 || bits == 0 {
            continue;
        }
        let chunk = &mut list[rest - bits as usize..rest];
        chunk.sort_by_key(|n| n.literal);
        for node in chunk.iter() {
            codes[node.literal as usize] = Code { code: reverse_bits(code, n as u16), len: n as u16 };
            code += 1;
        }
        rest -= bits as usize;
    }
}

#[derive(Clone, Copy, Default)]
struct LevelInfo {
    level: i32,
    last_freq: i32,
    next_char_freq: i32,
    next_pair_freq: i32,
    needed: i32,
}

/// Go's `bitCounts`: how many literals get each code length.
fn bit_counts(list: &mut Vec<LiteralNode>, mut max_bits: i32) -> Vec<i32> {
    let n = list.len() as i32;
    list.push(LiteralNode { literal: u16::MAX, freq: i32::MAX });
    if max_bits > n - 1 {
        max_bits = n - 1;
    }
    let mut levels = [LevelInfo::default(); 16];
    let mut leaf_counts = [[0i32; 16]; 16];
    for level in 1..=max_bits {
        levels[level as usize] = LevelInfo {
            level,
            last_freq: list[1].freq,
            next_char_freq: list[2].freq,
            next_pair_freq: if level == 1 { i32::MAX } else { list[0].freq + list[1].freq },
            needed: 0,
        };
        leaf_counts[level as usize][level as usize] = 2;
    }
    levels[max_bits as usize].needed = 2 * n - 4;
    let mut level = max_bits as usize;
    loop {
        let l = levels[level];
        if l.next_pair_freq == i32::MAX && l.next_char_freq == i32::MAX {
            levels[level].needed = 0;
            levels[level + 1].next_pair_freq = i32::MAX;
            level += 1;
            continue;
        }
        let prev_freq = l.last_freq;
        if l.next_char_freq < l.next_pair_freq {
            let c = leaf_counts[level][level] + 1;
            levels[level].last_freq = l.next_char_freq;
            leaf_counts[level][level] = c;
            levels[level].next_char_freq = list[c as usize].freq;
        } else {
            levels[level].last_freq = l.next_pair_freq;
            let (lower, upper) = leaf_counts.split_at_mut(level);
            upper[0][..level].copy_from_slice(&lower[level - 1][..level]);
            levels[l.level as usize - 1].needed = 2;
        }
        levels[level].needed -= 1;
        if levels[level].needed == 0 {
            if levels[level].level == max_bits {
                break;
            }
            levels[level + 1].next_pair_freq = prev_freq + levels[level].last_freq;
            level += 1;
        } else {
            while levels[level - 1].needed > 0 {
                level -= 1;
            }
        }
    }
    list.pop();
    let mut bit_count = vec![0i32; max_bits as usize + 1];
    let counts = &leaf_counts[max_bits as usize];
    for (bits, level) in (1..).zip((1..=max_bits as usize).rev()) {
        bit_count[bits] = counts[level] - counts[level - 1];
    }
    bit_count
}

/// The output, written a bit at a time from the least significant bit.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    bits: u64,
    nbits: u32,
}

impl Bits {
    fn write_bits(&mut self, b: u32, nb: u32) {
        self.bits |= (b as u64) << self.nbits;
        self.nbits += nb;
        while self.nbits >= 8 {
            self.bytes.push(self.bits as u8);
            self.bits >>= 8;
            self.nbits -= 8;
        }
    }

    fn write_code(&mut self, c: Code) {
        self.write_bits(c.code as u32, c.len as u32);
    }

    /// Pads to a byte boundary.
    fn flush(&mut self) {
        if self.nbits > 0 {
            self.bytes.push(self.bits as u8);
        }
        self.bits = 0;
        self.nbits = 0;
    }

    fn stored_header(&mut self, length: usize, eof: bool) {
        self.write_bits(eof as u32, 3);
        self.flush();
        self.write_bits(length as u32, 16);
        self.write_bits(!(length as u16) as u32, 16);
    }
}

/// Go's `huffmanBitWriter`, with its output kept.
struct BitWriter {
    out: Bits,
    literal_freq: Vec<i32>,
    offset_freq: Vec<i32>,
    codegen: Vec<u8>,
    codegen_freq: [i32; CODEGEN_CODE_COUNT],
    literal_codes: Vec<Code>,
    offset_codes: Vec<Code>,
    codegen_codes: Vec<Code>,
    fixed_literal: Vec<Code>,
    fixed_offset: Vec<Code>,
}

impl Default for BitWriter {
    fn default() -> BitWriter {
        BitWriter {
            out: Bits::default(),
            literal_freq: vec![0; MAX_NUM_LIT],
            offset_freq: vec![0; OFFSET_CODE_COUNT],
            codegen: vec![0; MAX_NUM_LIT + OFFSET_CODE_COUNT + 1],
            codegen_freq: [0; CODEGEN_CODE_COUNT],
            literal_codes: vec![Code::default(); MAX_NUM_LIT],
            offset_codes: vec![Code::default(); OFFSET_CODE_COUNT],
            codegen_codes: vec![Code::default(); CODEGEN_CODE_COUNT],
            fixed_literal: fixed_literal_codes(),
            fixed_offset: fixed_offset_codes(),
        }
    }
}

impl BitWriter {
    fn generate_codegen(&mut self, num_literals: usize, num_offsets: usize) {
        self.codegen_freq = [0; CODEGEN_CODE_COUNT];
        for i in 0..num_literals {
            self.codegen[i] = self.literal_codes[i].len as u8;
        }
        for i in 0..num_offsets {
            self.codegen[num_literals + i] = self.offset_codes[i].len as u8;
        }
        self.codegen[num_literals + num_offsets] = BAD_CODE;
        let codegen = &mut self.codegen;
        let freq = &mut self.codegen_freq;
        let mut size = codegen[0];
        let mut count: i32 = 1;
        let mut out = 0;
        let mut input = 1;
        while size != BAD_CODE {
            let next = codegen[input];
            input += 1;
            if next == size {
                count += 1;
                continue;
            }
            if size != 0 {
                codegen[out] = size;
                out += 1;
                freq[size as usize] += 1;
                count -= 1;
                repeats(codegen, &mut out, freq, &mut count, 16, 3, 6);
            } else {
                repeats(codegen, &mut out, freq, &mut count, 18, 11, 138);
                if count >= 3 {
                    codegen[out] = 17;
                    codegen[out + 1] = (count - 3) as u8;
                    out += 2;
                    freq[17] += 1;
                    count = 0;
                }
            }
            count -= 1;
            while count >= 0 {
                codegen[out] = size;
                out += 1;
                freq[size as usize] += 1;
                count -= 1;
            }
            size = next;
            count = 1;
        }
        codegen[out] = BAD_CODE;
    }

    fn dynamic_size(&self, extra_bits: usize) -> (usize, usize) {
        let mut num_codegens = CODEGEN_CODE_COUNT;
        while num_codegens > 4 && self.codegen_freq[CODEGEN_ORDER[num_codegens - 1]] == 0 {
            num_codegens -= 1;
        }
        let header = 3
            + 5
            + 5
            + 4
            + 3 * num_codegens
            + bit_length(&self.codegen_codes, &self.codegen_freq)
            + self.codegen_freq[16] as usize * 2
            + self.codegen_freq[17] as usize * 3
            + self.codegen_freq[18] as usize * 7;
        let size =
            header + bit_length(&self.literal_codes, &self.literal_freq) + bit_length(&self.offset_codes, &self.offset_freq) + extra_bits;
        (size, num_codegens)
    }

    fn index_tokens(&mut self, tokens: &[Token]) -> (usize, usize) {
        self.literal_freq.fill(0);
        self.offset_freq.fill(0);
        for t in tokens {
            match *t {
                Token::Literal(b) => self.literal_freq[b as usize] += 1,
                Token::Match { length, offset } => {
                    self.literal_freq[LENGTH_CODES_START + length_code(length)] += 1;
                    self.offset_freq[offset_code(offset)] += 1;
                }
            }
        }
        self.literal_freq[END_BLOCK_MARKER] += 1;
        let mut num_literals = MAX_NUM_LIT;
        while self.literal_freq[num_literals - 1] == 0 {
            num_literals -= 1;
        }
        let mut num_offsets = OFFSET_CODE_COUNT;
        while num_offsets > 0 && self.offset_freq[num_offsets - 1] == 0 {
            num_offsets -= 1;
        }
        if num_offsets == 0 {
            self.offset_freq[0] = 1;
            num_offsets = 1;
        }
        generate(&mut self.literal_codes, &self.literal_freq, 15);
        generate(&mut self.offset_codes, &self.offset_freq, 15);
        (num_literals, num_offsets)
    }

    /// Go's `writeBlock`: the tokens (with the end-of-block marker) as the
    /// smallest of a stored block (where `input` is still in the window),
    /// fixed codes and dynamic codes.
    fn write_block(&mut self, tokens: &[Token], input: Option<&[u8]>) {
        let (num_literals, num_offsets) = self.index_tokens(tokens);
        let stored = input.filter(|i| i.len() <= MAX_STORE_BLOCK_SIZE).map(|i| (i.len() + 5) * 8);
        let mut extra_bits = 0;
        if stored.is_some() {
            for code in LENGTH_CODES_START + 8..num_literals {
                extra_bits += self.literal_freq[code] as usize * LENGTH_EXTRA_BITS[code - LENGTH_CODES_START] as usize;
            }
            for (freq, extra) in self.offset_freq[..num_offsets].iter().zip(OFFSET_EXTRA_BITS).skip(4) {
                extra_bits += *freq as usize * extra as usize;
            }
        }
        let mut size =
            3 + bit_length(&self.fixed_literal, &self.literal_freq) + bit_length(&self.fixed_offset, &self.offset_freq) + extra_bits;
        self.generate_codegen(num_literals, num_offsets);
        let codegen_freq = self.codegen_freq;
        generate(&mut self.codegen_codes, &codegen_freq, 7);
        let (dynamic, num_codegens) = self.dynamic_size(extra_bits);
        let use_dynamic = dynamic < size;
        if use_dynamic {
            size = dynamic;
        }
        if let (Some(stored), Some(input)) = (stored, input) {
            if stored < size {
                self.out.stored_header(input.len(), false);
                self.out.bytes.extend_from_slice(input);
                return;
            }
        }
        if use_dynamic {
            self.out.write_bits(4, 3);
            self.out.write_bits((num_literals - 257) as u32, 5);
            self.out.write_bits((num_offsets - 1) as u32, 5);
            self.out.write_bits((num_codegens - 4) as u32, 4);
            for &i in &CODEGEN_ORDER[..num_codegens] {
                self.out.write_bits(self.codegen_codes[i].len as u32, 3);
            }
            let mut i = 0;
            loop {
                let word = self.codegen[i];
                i += 1;
                if word == BAD_CODE {
                    break;
                }
                self.out.write_code(self.codegen_codes[word as usize]);
                let extra = match word {
                    16 => 2,
                    17 => 3,
                    18 => 7,
                    _ => 0,
                };
                if extra > 0 {
                    self.out.write_bits(self.codegen[i] as u32, extra);
                    i += 1;
                }
            }
        } else {
            self.out.write_bits(2, 3);
        }
        let (literals, offsets) = match use_dynamic {
            true => (&self.literal_codes, &self.offset_codes),
            false => (&self.fixed_literal, &self.fixed_offset),
        };
        let out = &mut self.out;
        for t in tokens {
            match *t {
                Token::Literal(b) => out.write_code(literals[b as usize]),
                Token::Match { length, offset } => {
                    let lc = length_code(length);
                    out.write_code(literals[lc + LENGTH_CODES_START]);
                    if LENGTH_EXTRA_BITS[lc] > 0 {
                        out.write_bits((length - LENGTH_BASE[lc]) as u32, LENGTH_EXTRA_BITS[lc] as u32);
                    }
                    let oc = offset_code(offset);
                    out.write_code(offsets[oc]);
                    if OFFSET_EXTRA_BITS[oc] > 0 {
                        out.write_bits(offset as u32 - offset_base(oc), OFFSET_EXTRA_BITS[oc] as u32);
                    }
                }
            }
        }
        out.write_code(literals[END_BLOCK_MARKER]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_tables_match_rfc_1951() {
        // Length codes 257..285 cover 3..258; the last (258) has its own.
        assert_eq!(length_code(0), 0);
        assert_eq!(length_code(8), 8);
        assert_eq!(length_code(9), 8);
        assert_eq!(length_code(254), 27);
        assert_eq!(length_code(255), 28);
        for (code, base) in [(4, 4), (5, 6), (6, 8), (10, 32), (29, 0x6000)] {
            assert_eq!(offset_base(code), base);
            assert_eq!(offset_code(base as u16), code);
        }
        assert_eq!(offset_code(32767), 29);
    }
}
