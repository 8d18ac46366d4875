//! Attribute and element maps as sorted vectors: HCL objects and maps are
//! small and built once, so a vector sorted by key (binary search to look
//! up, one allocation to build and to free) beats a B-tree. Iteration is
//! in key byte order, as cty's.

use std::borrow::Borrow;
use std::cmp::Ordering;

/// String keys to values, sorted by key, keys unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortedMap<V> {
    items: Vec<(String, V)>,
}

impl<V> Default for SortedMap<V> {
    fn default() -> Self {
        SortedMap { items: Vec::new() }
    }
}

/// Iterator over `(&key, &value)` in key order.
pub type Iter<'a, V> = std::iter::Map<std::slice::Iter<'a, (String, V)>, fn(&'a (String, V)) -> (&'a String, &'a V)>;

impl<V> SortedMap<V> {
    /// An empty map.
    pub fn new() -> Self {
        SortedMap { items: Vec::new() }
    }

    /// A map of `items` already sorted by key, keys unique (not checked
    /// outside debug builds).
    pub(crate) fn from_sorted(items: Vec<(String, V)>) -> Self {
        debug_assert!(items.windows(2).all(|w| w[0].0 < w[1].0));
        SortedMap { items }
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        String: Borrow<Q>,
    {
        self.items.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    /// The value for `key`.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        String: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.items[i].1)
    }

    /// The value for `key`, to change.
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        String: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &mut self.items[i].1)
    }

    /// Whether `key` is present.
    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        String: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`, returning the value it replaces.
    pub fn insert(&mut self, key: String, value: V) -> Option<V> {
        match self.find(key.as_str()) {
            Ok(i) => Some(std::mem::replace(&mut self.items[i].1, value)),
            Err(i) => {
                self.items.insert(i, (key, value));
                None
            }
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        String: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.items.remove(i).1)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Entries in key order.
    pub fn iter(&self) -> Iter<'_, V> {
        self.items.iter().map(|(k, v)| (k, v))
    }

    /// Keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.items.iter().map(|(k, _)| k)
    }

    /// Values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.items.iter().map(|(_, v)| v)
    }
}

impl<V> FromIterator<(String, V)> for SortedMap<V> {
    /// Later entries win over earlier ones with the same key, as with
    /// repeated `insert`.
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut items: Vec<(String, V)> = iter.into_iter().collect();
        if items.windows(2).all(|w| w[0].0 < w[1].0) {
            return SortedMap { items };
        }
        // Stable, so equal keys keep their order and the last one stays.
        sort_by(&mut items, |a, b| a.0.cmp(&b.0));
        let mut out: Vec<(String, V)> = Vec::with_capacity(items.len());
        for (k, v) in items {
            match out.last_mut() {
                Some(last) if last.0 == k => last.1 = v,
                _ => out.push((k, v)),
            }
        }
        SortedMap { items: out }
    }
}

impl<V> Extend<(String, V)> for SortedMap<V> {
    fn extend<I: IntoIterator<Item = (String, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<V> IntoIterator for SortedMap<V> {
    type Item = (String, V);
    type IntoIter = std::vec::IntoIter<(String, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, V> IntoIterator for &'a SortedMap<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = Iter<'a, V>;
    fn into_iter(self) -> Iter<'a, V> {
        self.iter()
    }
}

impl<V> From<std::collections::BTreeMap<String, V>> for SortedMap<V> {
    fn from(m: std::collections::BTreeMap<String, V>) -> Self {
        SortedMap { items: m.into_iter().collect() }
    }
}

impl<V> std::ops::Index<&str> for SortedMap<V> {
    type Output = V;
    fn index(&self, key: &str) -> &V {
        self.get(key).expect("key present in map")
    }
}

/// Sorts `v` stably by `cmp`, as `slice::sort_by` does, with one compiled
/// sort for every element type: the standard sort is instantiated per type
/// and comparator (several kilobytes each in the WebAssembly module), so
/// positions are sorted instead and the elements then permuted in place.
pub(crate) fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    // Objects and sets are mostly a handful of elements: an insertion sort
    // (stable, a few instructions per type) is quicker there.
    if v.len() <= 16 {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    let mut order = sorted_positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    // Position k takes the element at order[k]: each cycle of the
    // permutation is followed once, a done position pointing at itself.
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = order[at] as usize;
            order[at] = at as u32;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

/// Collects pairs into a `BTreeMap`, later keys winning as with `collect`,
/// by insertion: `collect` sorts first, with a stable sort compiled for each
/// key and value type.
pub(crate) fn btree_map<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> std::collections::BTreeMap<K, V> {
    let mut map = std::collections::BTreeMap::new();
    map.extend(pairs);
    map
}

fn sorted_positions(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<u32> {
    let mut order: Vec<u32> = (0..len as u32).collect();
    order.sort_by(|&a, &b| cmp(a as usize, b as usize));
    order
}

#[cfg(test)]
mod tests {
    use super::SortedMap;

    #[test]
    fn sort_by_is_stable() {
        let mut v: Vec<(u32, usize)> = (0..1000).map(|i| ((i * 7919 % 101) as u32, i)).collect();
        let mut want = v.clone();
        want.sort_by_key(|e| e.0);
        super::sort_by(&mut v, |a, b| a.0.cmp(&b.0));
        assert_eq!(v, want);
        for n in 0..40 {
            let mut v: Vec<(u32, usize)> = (0..n).map(|i| ((i * 7 % 5) as u32, i)).collect();
            let mut want = v.clone();
            want.sort_by_key(|e| e.0);
            super::sort_by(&mut v, |a, b| a.0.cmp(&b.0));
            assert_eq!(v, want, "{n} elements");
        }
    }

    #[test]
    fn sorted_unique_last_wins() {
        let m: SortedMap<i32> = [("b".into(), 1), ("a".into(), 2), ("b".into(), 3)].into_iter().collect();
        assert_eq!(m.iter().map(|(k, v)| (k.as_str(), *v)).collect::<Vec<_>>(), [("a", 2), ("b", 3)]);
        let mut m = m;
        assert_eq!(m.insert("a".into(), 4), Some(2));
        assert_eq!(m.insert("0".into(), 5), None);
        assert_eq!(m.keys().map(String::as_str).collect::<Vec<_>>(), ["0", "a", "b"]);
        assert_eq!(m.remove("a"), Some(4));
        assert_eq!(m.get("b"), Some(&3));
    }
}
