alert('every page runs this');
