//! Go's `sort.SliceStable`, step for step. cty orders set elements with it
//! under a comparison that is not always a strict weak order, and then the
//! result depends on exactly which pairs the algorithm compares.

/// Sorts `v` stably by `less`: insertion sort in blocks of 20, then
/// pairwise SymMerge of ever larger blocks.
pub fn sort_stable<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = v.len();
    let mut block = 20;
    let mut a = 0;
    while a + block <= n {
        insertion_sort(v, a, a + block, &less);
        a += block;
    }
    insertion_sort(v, a, n, &less);
    while block < n {
        let mut a = 0;
        while a + 2 * block <= n {
            sym_merge(v, a, a + block, a + 2 * block, &less);
            a += 2 * block;
        }
        if a + block < n {
            sym_merge(v, a, a + block, n, &less);
        }
        block *= 2;
    }
}

fn insertion_sort<T>(v: &mut [T], a: usize, b: usize, less: &impl Fn(&T, &T) -> bool) {
    for i in a + 1..b {
        let mut j = i;
        while j > a && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Merges the sorted runs `v[a..m]` and `v[m..b]` (Kim and Kutzner's
/// SymMerge); recursion depth is logarithmic in `b - a`.
fn sym_merge<T>(v: &mut [T], a: usize, m: usize, b: usize, less: &impl Fn(&T, &T) -> bool) {
    if m - a == 1 {
        // Binary search for where v[a] goes in v[m..b], then shift it there.
        let (mut i, mut j) = (m, b);
        while i < j {
            let h = (i + j) / 2;
            if less(&v[h], &v[a]) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        for k in a..i - 1 {
            v.swap(k, k + 1);
        }
        return;
    }
    if b - m == 1 {
        let (mut i, mut j) = (a, m);
        while i < j {
            let h = (i + j) / 2;
            if !less(&v[m], &v[h]) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        for k in (i + 1..=m).rev() {
            v.swap(k, k - 1);
        }
        return;
    }
    let mid = (a + b) / 2;
    let n = mid + m;
    let (mut start, mut r) = if m > mid { (n - b, mid) } else { (a, m) };
    let p = n - 1;
    while start < r {
        let c = (start + r) / 2;
        if !less(&v[p - c], &v[c]) {
            start = c + 1;
        } else {
            r = c;
        }
    }
    let end = n - start;
    if start < m && m < end {
        rotate(v, start, m, end);
    }
    if a < start && start < mid {
        sym_merge(v, a, start, mid, less);
    }
    if mid < end && end < b {
        sym_merge(v, mid, end, b, less);
    }
}

/// Go's block-swap rotation of `v[a..b]` around `m`.
fn rotate<T>(v: &mut [T], a: usize, m: usize, b: usize) {
    let (mut i, mut j) = (m - a, b - m);
    while i != j {
        if i > j {
            swap_range(v, m - i, m, j);
            i -= j;
        } else {
            swap_range(v, m - i, m + j - i, i);
            j -= i;
        }
    }
    swap_range(v, m - i, m, i);
}

fn swap_range<T>(v: &mut [T], a: usize, b: usize, n: usize) {
    for i in 0..n {
        v.swap(a + i, b + i);
    }
}

#[cfg(test)]
mod tests {
    use super::sort_stable;

    #[test]
    fn sorts_stably() {
        let mut v: Vec<(u32, usize)> = (0..1000).map(|i| ((i * 7919 % 101) as u32, i)).collect();
        let mut want = v.clone();
        want.sort_by_key(|e| e.0);
        sort_stable(&mut v, |x, y| x.0 < y.0);
        assert_eq!(v, want);
        for n in 0..50 {
            let mut v: Vec<u32> = (0..n).rev().collect();
            sort_stable(&mut v, |x, y| x < y);
            assert!(v.windows(2).all(|w| w[0] <= w[1]), "{n}");
        }
    }
}
